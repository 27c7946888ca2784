"""Res Arcana's dialogs in words a first-time player reads right (play-test t2):

- Hypnotic Basin's choice buttons said "Count the essences of Transmuter" for each rival without the count:
  each now says how many of the counted essence that rival holds and so what is gained.
- The Collect dialog's yellow Take/Leave meant "chosen" but looked like a button to press: the chosen one is
  ticked, the other is the option.
- The feed and the log said "You gain 1 Death on Cursed Skull." three times in a row: one line, 3 Death.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.arcana.engine.state import K_ESS, K_POWER, K_RIVAL
from game.arcana.ui import collect as C
from game.arcana.ui.words import event_text, fold_gains
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T
from tests.arcana_helpers import give, set_ess, table_at, to_main


def test_the_basin_buttons_say_each_rivals_count_and_the_gain(cfg) -> None:
    s = to_main(3)
    basin = give(s, 0, "hypnotic_basin")
    set_ess(s, 1, elan=4)
    set_ess(s, 2, elan=1, calm=3)
    s.apply((K_POWER, basin, 0))
    assert s.decision_name() == "rival"
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human", name="Annabel"), Seat("bot", "rule"), Seat("bot", "rule")], 7,
                       {"preset": "random"}, presets=None, game="arcana")
    sess.state = s
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    words = {q: table.label((K_RIVAL, q)) for q in (1, 2)}
    for q, n in ((1, 4), (2, 1)):
        assert words[q] == f"{table.who(q)}: {n} Elan, gain {n} Calm", words


def test_the_chosen_take_is_ticked_and_the_other_is_the_option() -> None:
    step = C.CollectStep("take", ("take", 0), 0, yes=True, on=(1, 0, 0, 0, 0))
    rows = [pygame.Rect(0, 0, 400, 34)]
    texts = [b.text for b in C.build_buttons([step], rows, ["Vault"], lambda *_: None, lambda *_: None)]
    assert texts == ["\u2713 Take", "Leave"], texts
    step.yes = False
    buttons = C.build_buttons([step], rows, ["Vault"], lambda *_: None, lambda *_: None)
    assert [b.text for b in buttons] == ["Take", "\u2713 Leave"]
    assert buttons[1].tooltip.startswith("Chosen") and not buttons[0].tooltip.startswith("Chosen")
    forge = C.CollectStep("forge", ("forge", 0), 0, yes=True)
    for b in buttons + C.build_buttons([forge], rows, ["Cursed Forge"], lambda *_: None, lambda *_: None):
        assert T.text_size(b.text, "small", bold=True)[0] + 8 <= b.rect.w, b.text  # on one line at its size


def test_the_collect_dialog_draws_the_ticked_choice_whole(cfg) -> None:
    from tests.test_arcana_ui_collect import _collect_state, _rich

    for window in ((1280, 720), (1600, 900)):
        app = testing.make_app(window_size=window, skip_animations=True)
        sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule")], 7, {"preset": "random"},
                           presets=None, game="arcana")
        sess.state = _collect_state(_rich)
        from game.arcana.ui import TableScene

        app.push(TableScene(cfg, sess))
        testing.step(app, 3)
        ticked = [d for d in T.registry.items if d.text.startswith("\u2713")]
        assert ticked and all(d.text in ("\u2713 Take", "\u2713 Leave") for d in ticked), [d.text for d in ticked]


def _told(c: Any, events: list[dict[str, Any]]) -> list[str]:
    """The log's lines for ``events`` as the shell tells them: the game's fold, one line in place of the last."""
    lines: list[str] = []
    told: dict[str, Any] | None = None
    for ev in events:
        merged = fold_gains(told, ev) if told is not None else None
        event = merged if merged is not None else ev
        line = event_text(c, event, ["You", "Ann"])
        told = event if line else None
        if line and merged is not None and lines:
            lines[-1] = line
        elif line:
            lines.append(line)
    return lines


def test_gains_onto_one_card_in_a_row_are_one_line() -> None:
    s = to_main()
    skull = {"type": "gain", "seat": 0, "essences": [0, 0, 0, 1, 0], "card": "cursed_skull"}
    assert _told(s.c, [skull] * 3) == ["You gain 3 Death on Cursed Skull."]
    mixed = dict(skull, essences=[1, 0, 0, 0, 0])
    assert _told(s.c, [skull, mixed, skull]) == ["You gain 1 Elan, 2 Death on Cursed Skull."]
    other = dict(skull, card="dragon_teeth")
    rival = dict(skull, seat=1)
    assert len(_told(s.c, [skull, other, rival])) == 3  # another card, another seat: lines of their own


def test_the_table_log_and_feed_tell_cursed_skull_once(cfg) -> None:
    s = to_main()
    skull = give(s, 0, "cursed_skull")
    set_ess(s, 0, elan=1, life=2)
    _app, table, sess = table_at(cfg, s)
    sess.submit((K_POWER, skull, 0))
    for _ in range(3):
        table.drain_events()
        sess.submit((K_ESS, 3))
    table.drain_events()
    log = [entry.text for entry in table.log.entries]
    assert log.count("You gain 1 Death on Cursed Skull.") == 0 and "You gain 3 Death on Cursed Skull." in log, log
    assert "You gain 3 Death on Cursed Skull." in table.happened and not any(
        "1 Death on Cursed Skull" in ln for ln in table.happened), table.happened
