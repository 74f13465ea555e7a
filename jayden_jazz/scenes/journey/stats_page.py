"""The Statistics screen's Journey page: each profile's games per opponent, read from the profiles.

The profiles are read as saves (checked against their schema) without the
card packs, so the page opens at once; opponents are named from the packs
when they are already loaded, else by the name the profile kept from the
last game against them (older profiles: from their ids), cut with "…".
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from jayden_jazz.saves import journey as jsave
from jayden_jazz.saves import store
from jayden_jazz.saves.store import SaveError
from jayden_jazz.scenes.cardkit.library import cached_library
from jayden_jazz.shell import palette as P
from jayden_jazz.textcut import cut

if TYPE_CHECKING:  # pragma: no cover
    from jayden_jazz.shell.appview import AppView

TITLE = "Card Journey"
COLUMNS = (("Won", 312), ("Drawn", 368), ("Lost", 416), ("Cards won", 504), ("Cards lost", 600))
MAX_ROWS = 14
NAME_COLS = 28             # the name's column ends before the first number's

Row = tuple[str, tuple[int, ...] | None, int]


def journey_rows(app: AppView) -> list[Row]:
    """(label, (won, drawn, lost, cards won, cards lost) or None for a heading, colour) per line."""
    lib, _ = cached_library(app)
    names = {k: o.name for k, o in lib.catalog.opponents.items()} if lib is not None else {}
    out: list[Row] = []
    for slot in range(1, jsave.PROFILES + 1):
        path = jsave.profile_path(Path(app.dirs.saves), slot)
        if not path.exists():
            continue
        try:
            body = store.read(path)
            store.check_body(body, path, jsave.SCHEMA)
        except SaveError:
            out.append((f"Profile {slot}: refused (see the Journey's profiles)", None, P.LIGHT_RED))
            continue
        out.append((f"Profile {slot}: {body['name']}", None, P.LIGHT_CYAN))
        progress = body["progress"]
        if not progress:
            out.append(("  no game played yet", None, P.LIGHT_GRAY))
        for key, row in sorted(progress.items()):
            name = names.get(key) or row.get("name") or key.split("/")[-1].replace("_", " ").title()
            out.append(("  " + cut(name, NAME_COLS), (row["won"], row["drawn"], row["lost"], row["cards_won"],
                                                      row["cards_lost"]), P.WHITE))
    if not out:
        out.append(("No Journey profile yet: start one from the title menu.", None, P.LIGHT_GRAY))
    if len(out) > MAX_ROWS:
        out = out[:MAX_ROWS - 1] + [(f"  ... and {len(out) - MAX_ROWS + 1} more lines", None, P.LIGHT_GRAY)]
    return out


__all__ = ["COLUMNS", "TITLE", "journey_rows"]
