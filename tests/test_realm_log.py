"""The game log in full (issue 22): who played which card, the reward row by name, what each
payment spent, gains and losses, artifacts changing hands, monuments with their options."""

from __future__ import annotations

import random

from game.realm.engine import new_game
from game.realm.ui.overlays import ReckoningCollector
from game.realm.ui.words import card_name, event_text, row_words

NAMES = ["You", "Ann", "Bob", "Cy", "Di"]


def _who(p: int) -> str:
    return NAMES[p] if 0 <= p < len(NAMES) else "The table"


def _game_events(players: int, seed: int) -> tuple[object, list[dict]]:
    s = new_game(players, seed=seed)
    s.events = []
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s, s.events


def test_every_event_a_player_must_follow_has_a_line_that_names_its_seat() -> None:
    s, events = _game_events(4, 3)
    c = s.c
    followed = {"reveal", "tuck", "row", "pay", "monument", "coins", "mercs", "warden", "vp", "place", "artifact",
                "claim", "reward_card", "bids_revealed", "lose_acolyte", "lose_warden", "merc_discard"}
    seen = set()
    for d in events:
        line = event_text(c, d, _who)
        if d["type"] in followed and (d["type"] not in ("coins", "mercs") or d["amount"]):
            assert line, d
            seen.add(d["type"])
        if isinstance(d.get("seat"), int) and 0 <= d["seat"] < 4 and line and d["type"] != "bids_revealed":
            assert _who(d["seat"]) in line, (d, line)
    assert {"reveal", "row", "pay", "monument", "artifact", "tuck"} <= seen


def test_the_reveal_says_who_played_which_card() -> None:
    s, events = _game_events(3, 4)
    d = next(e for e in events if e["type"] == "reveal")
    line = event_text(s.c, d, _who)
    for p, card in enumerate(d["cards"]):
        assert f"{_who(p)} {card_name(s.c, card)}" in line


def test_a_row_names_its_reward_and_a_payment_what_it_spent() -> None:
    s, events = _game_events(4, 5)
    c = s.c
    row = next(e for e in events if e["type"] == "row" and e["seat"] >= 0)
    assert row_words(c.rewards[row["reward"]].rows[row["row"]]) in event_text(c, row, _who)
    pay = next(e for e in events if e["type"] == "pay" and e["influence"] != [0] * 5)
    line = event_text(c, pay, _who)
    col = next(i for i, v in enumerate(pay["influence"]) if v)
    assert f"{pay['influence'][col]} {c.pillar_names[col]} influence" in line and f"bid of {pay['bid']}" in line


def test_an_artifact_leaving_a_player_says_whose_it_was() -> None:
    from game.realm.engine import default_content

    c = default_content()
    line = event_text(c, {"type": "artifact", "pillar": 3, "seat": -1, "previous": 1}, _who)
    assert line == "Ann loses the Equity artifact: it goes back to the board."
    assert event_text(c, {"type": "artifact", "pillar": 3, "seat": 2, "previous": 1}, _who) \
        == "Bob takes the Equity artifact from Ann."


def test_a_monument_with_options_names_the_option() -> None:
    from game.realm.engine import default_content

    c = default_content()
    hall = next(sp for sp in c.spaces if sp.options and sp.id == "wardens")
    line = event_text(c, {"type": "monument", "seat": 0, "space": hall.index, "option": 1}, _who)
    assert line == f"You build a monument on {hall.name} ({hall.options[1]['name']})."


def test_a_dominion_bonus_that_became_a_move_is_labelled_as_the_move() -> None:
    from game.realm.engine import default_content

    c = default_content()
    col = ReckoningCollector(c)
    feed = [{"type": "reckoning", "seat": 1, "region": 0, "final": False},
            {"type": "dominion", "seat": 2, "choice": 3},
            {"type": "move", "seat": 2, "region": 1, "to": 0},
            {"type": "reward_card", "seat": 1, "reward": 0},
            {"type": "row", "seat": 2, "row": 0},
            {"type": "vp", "seat": 2, "amount": 7},
            {"type": "coins", "seat": 2, "amount": 1}]
    for d in feed:
        assert col.feed(d) is None
    report = col.feed({"type": "reckoning_end", "region": 0, "final": False})
    notes = report.effects[2]
    assert notes[0] == f"Dominion artifact: moves an acolyte {c.region_names[1]} \u2192 {c.region_names[0]}"
    assert notes[1:] == ["+7 VP", "+1 coin"]


def test_control_a_declined_move_leaves_the_dominion_note_with_no_effect() -> None:
    from game.realm.engine import default_content

    c = default_content()
    col = ReckoningCollector(c)
    for d in [{"type": "reckoning", "seat": 1, "region": 0, "final": False},
              {"type": "dominion", "seat": 2, "choice": 3}, {"type": "stop", "seat": 2},
              {"type": "reward_card", "seat": 1, "reward": 0}, {"type": "vp", "seat": 2, "amount": 7}]:
        col.feed(d)
    report = col.feed({"type": "reckoning_end", "region": 0, "final": False})
    assert report.effects[2] == ["Dominion artifact: no effect", "+7 VP"]
