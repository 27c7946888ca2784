"""tools/arcana_records_digest.py, the proof that a refactoring of the Res Arcana engine changed no game:
its digest must be a function of the games played, and its mix must cover every kind of game."""

from __future__ import annotations

import pytest

from tools.arcana_records_digest import games, play


def test_a_game_digests_the_same_twice_and_another_deal_differently() -> None:
    first, state = play({"preset": "random"}, 2, 3, False)
    again, _ = play({"preset": "random"}, 2, 3, False)
    other, _ = play({"preset": "random"}, 2, 4, False)  # control: a different game must not look the same
    assert state.is_terminal()
    assert first == again
    assert other != first


def test_the_digest_sees_an_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Control: a game whose events differ (one more field in every event) digests differently."""
    from game.arcana.engine.state import State

    plain, _ = play({"preset": "first_game"}, 3, 5, False)
    original = State._ev

    def marked(self: State, kind: str, **data: object) -> None:
        original(self, kind, marked=True, **data)

    monkeypatch.setattr(State, "_ev", marked)
    assert play({"preset": "first_game"}, 3, 5, False)[0] != plain


def test_the_mix_covers_every_kind_of_game() -> None:
    mix = games(20)
    assert len(mix) == 20
    assert {players for _, _, players, _, _ in mix} == {2, 3, 4}
    setups = [setup for _, setup, _, _, _ in mix]
    assert any(s["preset"] == "first_game" for s in setups)
    assert any(s.get("draft") for s in setups)
    assert any("match" in s for s in setups)
    bots = [rule for _, _, _, _, rule in mix]
    assert any(bots) and not all(bots)
