"""Opponents in a player's own pack: kept when a card is saved, made and changed in the Workshop."""

from pathlib import Path

from jayden_jazz.cards import Card
from jayden_jazz.cards.loader import load_pack
from jayden_jazz.cards.writer import PackHeader, write_pack
from jayden_jazz.scenes.workshop.ownpacks import read_own_pack, save_card

JOURNEY = """\

starter:
  ember: 2

opponents:
  - id: stoker
    name: "The Stoker"
    description: "Keeps the fire going."
    tier: 2
    level: normal
    pool: [ember, example/devan, example/fog_horn]
    rules:
      - {preset: updated, field: 3x3, open: true}
      - {field: 3x3, classic: [same, same_wall]}
    trade: diff
    rewards:
      - {card: ember, chance: 30}
  - id: ash
    name: "Ash"
    description: "Comes after the Stoker."
    tier: 3
    level: hard
    pool: [ember]
    rules: {preset: updated, field: 3x3, classic: [plus]}
    trade: all
    requires: [stoker]
"""


def a_card(key: str = "ember", name: str = "Ember") -> Card:
    return Card(id=f"mine/{key}", name=name, sides=(5, 5, 5, 5), started_roasting=(2002, 8),
                likes="Lava", dislikes="Ice", description=f"{name} is hot.")


def own_pack_file(folder: Path) -> Path:
    """A player's pack with one card, a starter collection and two opponents (one a Roulette)."""
    file = folder / "mine" / "mine.yaml"
    write_pack(file, PackHeader("mine", "Mine", "Me", "1.0"), [a_card()])
    with open(file, "a", encoding="utf-8") as f:
        f.write(JOURNEY)
    return file


def test_saving_a_card_keeps_the_packs_opponents_and_starter(tmp_path):
    file = own_pack_file(tmp_path)
    before = read_own_pack(file)
    assert [o.id for o in before.info.opponents] == ["mine/stoker", "mine/ash"]
    save_card(before, a_card("spark", "Spark"), None)
    info, cards, problems = load_pack(file)
    assert [c.key for c in cards] == ["ember", "spark"]
    assert not [p for p in problems if p.is_error]
    strip = lambda os_: [o.__class__(**{**o.__dict__, "line": None}) for o in os_]   # noqa: E731
    assert strip(info.opponents) == strip(before.info.opponents)
    assert info.starter == before.info.starter == (("mine/ember", 2),)
