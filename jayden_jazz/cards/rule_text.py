"""The classic rules in plain words, and the named rule sets, next to the rules themselves.

The setup screen, the in-game summary and the move log all read their
names and one-line explanations from here, so a rule is explained in one
place and a scene never spells a rule out itself. Pure data, no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .rules import CLASSIC, Rules

RULE_NAMES: dict[str, str] = {
    "same": "Same", "same_wall": "Same Wall", "plus": "Plus", "combo": "Combo", "reverse": "Reverse",
    "fallen_ace": "Fallen Ace", "elemental": "Elemental", "random": "Random", "order": "Order",
    "chaos": "Chaos", "hand_swap": "Hand Swap", "three_open": "Three Open",
}

RULE_HELP: dict[str, str] = {
    "same": "Two or more touching pairs show equal values: the opponents' cards among them are taken.",
    "same_wall": "With Same: a side of A facing the edge or a hole counts as one more equal pair.",
    "plus": "Two or more touching pairs add up to the same total: the opponents' cards among them are taken.",
    "combo": "Cards taken by Same or Plus attack their own neighbours in turn, nearest first.",
    "reverse": "The ordinary comparison is turned round: the lower side captures.",
    "fallen_ace": "In the ordinary comparison a 1 beats an A.",
    "elemental": "Some cells have an element: a card of that element gets +1 there, any other card -1.",
    "random": "Hands are dealt at random instead of chosen.",
    "order": "You must play the leftmost card of your hand.",
    "chaos": "Each turn one card of your hand is drawn for you, and that is the card you play.",
    "hand_swap": "Before play each player gives one random card of the hand to the next player.",
    "three_open": "Three cards of each hidden hand are shown to everyone.",
}

CAUSE_WORDS: dict[str, str] = {"same": "Same!", "same_wall": "Same Wall!", "plus": "Plus!", "combo": "Combo!"}
"""The announcement the table shows for a capture of each classic cause."""



def comparison_help(preset: str, classic: "tuple[str, ...] | list[str]" = ()) -> str:
    """The ordinary comparison in one sentence, as the preset and Reverse / Fallen Ace make it
    (the setup's line under the preset)."""
    draft = preset == "draft"
    word = "lower" if "reverse" in classic else "higher"
    text = f"{'An equal or ' + word if draft else 'A ' + word} side captures"
    if "fallen_ace" in classic:
        text += "; an A takes a 1" if "reverse" in classic else "; a 1 takes an A"
    return text + ("; 2 spare cards." if draft else ".")

@dataclass(frozen=True)
class RuleSet:
    """A name for a preset plus a choice of classic rules (the setup's Rules row cycles these)."""

    name: str
    preset: str
    classic: tuple[str, ...] = ()

    def rules(self, base: Rules | None = None) -> Rules:
        """``base`` (its variants kept) with this set's preset and classic rules, the others off."""
        r = Rules.preset(self.preset)
        if base is not None:
            r = replace(r, open=base.open, pure=base.pure, sudden_death=base.sudden_death)
        return replace(r, **{k: k in self.classic for k in CLASSIC})  # type: ignore[arg-type]


RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("Updated", "updated"),
    RuleSet("Draft", "draft"),
    RuleSet("Classic: Same, Plus, Combo", "updated", ("same", "plus", "combo")),
    RuleSet("Reverse + Fallen Ace", "updated", ("reverse", "fallen_ace")),
    RuleSet("Elemental", "updated", ("elemental",)),
)


def rule_set_of(preset: str, classic: tuple[str, ...] | list[str]) -> RuleSet | None:
    """The named set this preset and these classic rules make, or None (a custom choice)."""
    on = tuple(r for r in CLASSIC if r in classic)
    for rs in RULE_SETS:
        if rs.preset == preset and rs.classic == on:
            return rs
    return None


def custom_name(preset: str, classic: tuple[str, ...] | list[str]) -> str:
    """``Custom: Draft + Same, Plus`` — a choice that is no named set, in a few words."""
    on = [RULE_NAMES[r] for r in CLASSIC if r in classic]
    return "Custom: " + preset.capitalize() + (" + " + ", ".join(on) if on else "")


def describe(rules: Rules) -> list[str]:
    """One line per classic rule that is on, in canonical order: ``Same: two or more ...``."""
    return [f"{RULE_NAMES[r]}: {RULE_HELP[r]}" for r in rules.classic]


__all__ = ["CAUSE_WORDS", "RULE_HELP", "RULE_NAMES", "RULE_SETS", "RuleSet", "custom_name", "describe",
           "rule_set_of"]
