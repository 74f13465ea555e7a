"""The card game at a table: turn flow, steps shown, move log and the controller a screen or a remote seat drives."""
