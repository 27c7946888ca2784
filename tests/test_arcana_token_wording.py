"""The first-player token and its point are said one way (play-test: "+1 for the first-player token", "+1
first-player token", "+1 for 1st" beside the points, "First player: 1" in their tip, "the First Player
token" in a move's words). The wording is "first-player token"; its one short form is the "1st" its badge
shows, used beside the points only where the full legend has no room (the table's own legend test checks it
is the longest that fits, whole).
"""

from __future__ import annotations

import re
from pathlib import Path

from game.arcana.adapter import ADAPTER
from game.arcana.engine import new_game
from game.arcana.engine.state import K_FIRST
from game.arcana.ui import table as TB

from .test_arcana_ui_token_point import _frame, _states

ROOT = Path(__file__).resolve().parents[1]
PLAYER_WORDS = [*sorted((ROOT / "game" / "arcana" / "ui").glob("*.py")), ROOT / "game" / "arcana" / "guide.py",
                ROOT / "game" / "arcana" / "engine" / "actions.py", ROOT / "assets" / "arcana" / "rules" / "rules.toml"]
OTHER_WORDINGS = re.compile(r"first player token|First Player token|\+1 first-player|first-player point", re.I)


def test_one_legend_and_one_short_form() -> None:
    assert TB.TOKEN_LEGENDS == ("+1 for the first-player token", "+1 for 1st")
    assert "first-player token" in TB.TOKEN_TIP


def test_the_points_tip_names_the_token_as_the_legend_does(cfg) -> None:
    state = _states(3, 11)[1]
    app, table = _frame(cfg, state.copy(), (1280, 720))
    tip = table.tips[("points", state.token)][1]
    assert "First-player token: 1" in tip and "First player:" not in tip


def test_a_chosen_first_player_takes_the_first_player_token_in_words() -> None:
    s = new_game(2, 1)
    assert ADAPTER.describe(s, (K_FIRST, 1)).endswith("takes the first-player token")


def test_no_other_wording_is_left_in_the_players_words() -> None:
    found = [f"{path.name}: {m.group(0)}" for path in PLAYER_WORDS
             for m in OTHER_WORDINGS.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


def test_control_the_scan_finds_another_wording() -> None:
    assert OTHER_WORDINGS.search('return f"{who} takes the First Player token"')
    assert OTHER_WORDINGS.search('("+1 for the first-player token", "+1 first-player token", "+1 for 1st")')
