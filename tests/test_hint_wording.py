"""The Hint button's tip and the hint itself name the same bot, "the expert bot" (play-tester p1, finding 21:
the tip said "A strong bot's move", the hint "The expert bot's pick"), in both games and for every kind of
answer but the only legal move; and Res Arcana's "it keeps you closest behind" reads plainly."""

from __future__ import annotations

import pytest

from game.core.session import GameSession, Seat
from game.shell.hint import HINT_PRESET, Hint
from game.shell.table import HINT_TIP

NAME = "the expert bot"


def _answers(action) -> list[Hint]:
    """A searched hint at each outlook, and one the bot's rules gave without a search."""
    return [Hint(action, v, 400, False) for v in (0.9, 0.6, 0.3, 0.1)] + [Hint(action, None, 0, False)]


def test_the_tip_names_the_bot_the_hint_asks() -> None:
    assert HINT_PRESET == "expert"
    assert NAME in HINT_TIP.lower()


@pytest.mark.parametrize("game", ["realm", "arcana"])
def test_every_searched_or_ruled_hint_names_the_expert_bot(cfg, game) -> None:
    if game == "arcana":
        from game.arcana.ui.table import TableScene

        sess = GameSession(2, [Seat("human"), Seat("bot", "random")], 3, {"preset": "random"}, game="arcana")
    else:
        from game.realm.ui.table_scene import TableScene

        sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 3, game="realm")
    table = TableScene(cfg, sess)
    action = sess.state.legal_actions()[0]
    lines = [table.hint_why(h) for h in _answers(action)]
    assert all(NAME in line.lower() for line in lines), lines
    assert not any("closest behind" in line for line in lines)
    forced = table.hint_why(Hint(action, None, 0, True))  # Realm's goes on with what the move does
    assert forced == "The only legal move." if game == "arcana" else forced.startswith("The only legal move.")


def _preview_reads(cfg, why_of) -> list[str]:
    """Res Arcana's hint in preview with the longest legal move, for each outlook: the lines whose why did
    not read whole among the drawn texts (the preview gives a move and its why two lines)."""
    from game.shell import testing

    from .test_undo_ui import _arcana_past

    app, sess = _arcana_past(cfg, (1280, 720))
    testing.step(app, 3)
    table = app.stack.top
    longest = max(sess.state.legal_actions(), key=lambda a: len(sess.describe(a)))
    missing = []
    for hint in _answers(longest):
        why = why_of(table, hint)
        table.show_hint(hint, why)
        testing.step(app, 2)
        drawn = " ".join(d.text for d in app.last_frame_texts)
        if why not in drawn:
            missing.append(why)
        table.cancel_pending()
    return missing


def test_res_arcanas_hint_reads_whole_in_its_preview(cfg) -> None:
    assert _preview_reads(cfg, lambda table, hint: table.hint_why(hint)) == []


def test_the_preview_check_sees_a_why_too_long_for_its_lines(cfg, monkeypatch) -> None:
    """A why too long for two lines reads whole now (play-test s6 p3 item 7: the preview takes the lines it
    needs); control: with the preview cut to two lines, as it was, the check catches it."""
    from game.arcana.ui.table import TableScene
    from game.shell import text as T

    long_why = "The expert bot's pick: it keeps you close behind the leader, for now, as far as it can see today."
    assert _preview_reads(cfg, lambda table, hint: long_why) == []
    two_lines = staticmethod(lambda text, width: (13, T.wrap(text, width, 13)[:2]))
    monkeypatch.setattr(TableScene, "_preview_lines", two_lines)
    assert _preview_reads(cfg, lambda table, hint: long_why)
