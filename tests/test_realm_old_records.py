"""Records written before the payer chose (Realm rules revision 1) still replay: the engine then paid by
itself from a one-entry shortlist, so those payments have no line; replaying fills them in."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.core.errors import ReplayError
from game.core.games import get_game
from game.core.records import Record, SeatRecord, read_record, replay

GAME = get_game("realm")


def _game_with_auto_payments(seed: int, players: int) -> tuple[Record, list[int]]:
    """A record of a random game in today's rules, and the indexes of the payments the old engine made
    by itself (a one-entry shortlist)."""
    state = GAME.new_game(players, seed)
    rec = Record("realm", players, seed, GAME.setup_of(state), [SeatRecord("bot", "random")] * players)
    rng = random.Random(seed)
    auto = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.decision_name() == "pay" and len(legal) == 1:
            auto.append(len(rec.actions))
        action = rng.choice(legal)
        rec.add(state.to_move(), GAME.to_json(state, action))
        state.apply(action)
    rec.result = GAME.result(state)
    return rec, auto


def _as_revision_1(rec: Record, auto: list[int], path: Path) -> Path:
    lines = [json.dumps({k: v for k, v in rec.header().items() if k != "rules"})]
    lines += [json.dumps(row) for i, row in enumerate(rec.actions) if i not in set(auto)]
    lines.append(json.dumps({"result": rec.result}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_new_records_say_their_rules_revision() -> None:
    rec, _ = _game_with_auto_payments(3, 3)
    assert rec.rules == 2 and rec.header()["rules"] == 2


def test_a_revision_1_record_replays_with_its_automatic_payments_filled_in(tmp_path: Path) -> None:
    found = 0
    for seed in range(40):
        rec, auto = _game_with_auto_payments(seed, 2 + seed % 4)
        if not auto:
            continue
        found += 1
        old = read_record(_as_revision_1(rec, auto, tmp_path / f"old{seed}.jsonl"))
        assert old.rules == 1 and len(old.actions) == len(rec.actions) - len(auto)
        final = replay(old)
        assert final.is_terminal() and GAME.result(final) == rec.result
        assert old.actions == rec.actions and old.rules == 2  # upgraded: today's record of the same game
    assert found >= 5  # the random games do reach one-entry shortlists


def test_without_the_fill_such_a_record_does_not_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the missing payments really are missing."""
    for seed in range(40):
        rec, auto = _game_with_auto_payments(seed, 2 + seed % 4)
        if auto:
            break
    old = read_record(_as_revision_1(rec, auto, tmp_path / "old.jsonl"))
    monkeypatch.setattr(GAME, "fill_old_step", None)
    with pytest.raises(ReplayError):
        replay(old)


def test_a_record_from_a_newer_revision_is_refused_in_one_line(tmp_path: Path) -> None:
    rec, _ = _game_with_auto_payments(1, 2)
    head = rec.header() | {"rules": 9}
    path = tmp_path / "new.jsonl"
    path.write_text(json.dumps(head) + "\n" + "\n".join(json.dumps(r) for r in rec.actions) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError, match="rules must be 1 to 2"):
        read_record(path)
