"""Saved games: checked, versioned text files, written atomically."""
