"""Loading a save replays its record once: every action checked and applied a single time, its events and
undo kind noted on the way (the same as the live game's), a bad action still named by its line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.session import GameSession, SaveError, Seat


def _played(game: str, setup: dict[str, Any] | None, moves: int, seed: int) -> GameSession:
    sess = GameSession(2, [Seat("human"), Seat("bot", "random")], seed, setup, game=game)
    rng = random.Random(seed)
    while len(sess.actions) < moves and not sess.is_over():
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    return sess


@pytest.mark.parametrize("game,setup", [("realm", None), ("arcana", {"preset": "random"})])
def test_loading_a_save_applies_each_action_once_and_notes_what_the_live_game_did(
        game: str, setup: dict[str, Any] | None, tmp_path: Path, monkeypatch: Any) -> None:
    live = _played(game, setup, 40, 5)
    path = tmp_path / "save.jsonl"
    live.save(path)
    engine = type(live.state)
    applied = []
    real_apply = engine.apply

    def counting(state: Any, action: Any) -> Any:
        applied.append(action)
        return real_apply(state, action)

    monkeypatch.setattr(engine, "apply", counting)
    loaded = GameSession.load(path)
    assert len(applied) == len(live.actions) == 40  # once (it was twice: a check, then the noting)
    assert loaded.steps == live.steps
    assert [(ev.action_index, ev.data) for ev in loaded.events] == [(ev.action_index, ev.data) for ev in live.events]
    assert loaded.restored_events == len(loaded.events) and loaded.view(0) == live.view(0)


def test_a_save_with_an_illegal_action_is_still_refused_naming_its_line(tmp_path: Path) -> None:
    live = _played("realm", None, 12, 6)
    path = tmp_path / "save.jsonl"
    live.save(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[5])
    row["seat"] = 1 - row["seat"]  # out of turn
    lines[5] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveError, match=r"save\.jsonl:6"):
        GameSession.load(path)
