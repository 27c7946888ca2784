"""Match play for 2 (rules-notes §2): games 2 and 3 of a 3-game match, the adapter's match chain."""

from __future__ import annotations

import json
import random

import pytest

from game.arcana.adapter import ADAPTER
from game.arcana.engine import (
    ActionFormatError,
    IllegalAction,
    default_content,
    describe,
    determinize,
    from_json,
    new_game,
    to_json,
    view,
)
from game.arcana.engine.state import (
    D_FIRST,
    D_MPICK,
    DECISION_NAMES,
    K_FIRST,
    K_MPICK,
    SECRET,
    pick_seat,
    picks_left,
)
from game.core.records import Record, SeatRecord, read_record, replay
from tests.arcana_helpers import check_invariants

C = default_content()
ARTS = [C.cards[x].id for x in C.artifacts]
MAGES = [C.cards[x].id for x in C.mages]


NEW_MATCH = {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}}

def game2(wins=(1, 0), chooser=1, pool=None, mages=None) -> dict:
    return {"game": 2, "wins": list(wins), "chooser": chooser, "mages": mages or MAGES[:2],
            "pool": pool or ARTS[3:19]}


def game3(chooser=0) -> dict:
    return {"game": 3, "wins": [1, 1], "chooser": chooser, "mages": MAGES[2:4], "decks": [ARTS[:8], ARTS[10:18]]}


def _until(s, name: str, r: random.Random, log: list | None = None):
    while s.decision_name() != name:
        assert not s.is_terminal()
        if log is not None:
            log.append((s.decision_name(), s.actor))
        s.apply(r.choice(s.legal_actions()))
    return s


def test_new_decisions_are_named_and_public() -> None:
    assert DECISION_NAMES[D_FIRST] == "first_player" and DECISION_NAMES[D_MPICK] == "match_pick"
    assert D_FIRST not in SECRET and D_MPICK not in SECRET


def test_pick_schedule() -> None:
    for fp in (0, 1):
        seats = [pick_seat(fp, i) for i in range(16)]
        other = 1 - fp
        assert seats == [fp, other, other, fp, fp, other, other, fp, fp, other, other, fp, fp, other, other, fp]
        assert [picks_left(fp, i) for i in (0, 1, 2, 3, 14, 15)] == [1, 2, 1, 2, 1, 1]


@pytest.mark.parametrize("chooser,choice", [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_game2_setup(chooser: int, choice: int) -> None:
    wins = (0, 1) if chooser == 0 else (1, 0)
    s = new_game(2, 7, preset="random", match=game2(wins, chooser))
    s.events = []
    assert s.decision_name() == "first_player" and s.actor == chooser
    assert s.legal_actions() == [(K_FIRST, 0), (K_FIRST, 1)]
    assert [C.cards[s.play[p][0]].id for p in range(2)] == MAGES[:2]  # mages kept, in play at once
    assert not any(s.hand) and not any(s.deck) and not any(s.mage_opts)
    s.apply((K_FIRST, choice))
    assert s.fp == s.token == s.cur == s.fp0 == choice
    assert s.events[0] == {"type": "first_player_chosen", "seat": choice, "chooser": chooser}
    r = random.Random(chooser * 2 + choice)
    seats = []
    pool = set(ARTS[3:19])
    while s.decision_name() == "match_pick":
        v = view(s, s.actor)
        assert sorted(v["pool"]) == sorted(pool)
        assert v["picks_left"] == picks_left(choice, len(seats))
        assert s.legal_actions() == [(K_MPICK, x) for x in s.mpool]
        seats.append(s.actor)
        a = r.choice(s.legal_actions())
        s.events = []
        s.apply(a)
        card = C.cards[a[1]].id
        assert s.events[0] == {"type": "match_pick", "seat": seats[-1], "card": card}
        pool.remove(card)
    assert not pool and s.mpool == ()
    assert seats == [pick_seat(choice, i) for i in range(16)]
    assert [seats.count(p) for p in (0, 1)] == [8, 8]
    # shuffled and 3 drawn before the magic items, picked in the usual order (right of the first player first)
    assert s.decision_name() == "magic_item" and s.actor == 1 - choice
    for p in range(2):
        assert len(s.hand[p]) == 3 and len(s.deck[p]) == 5
        assert sorted(s.hand[p] + s.deck[p]) == sorted(s.mown[p]) and len(s.mown[p]) == 8
    s.apply(s.legal_actions()[0])
    assert s.decision_name() == "magic_item" and s.actor == choice
    s.apply(s.legal_actions()[0])
    assert s.round == 1
    check_invariants(s)


def test_game3_keeps_the_decks_and_skips_the_pick() -> None:
    for chooser in (0, 1):
        s = new_game(2, 3, preset="random", match=game3(chooser))
        log: list = []
        assert s.actor == chooser
        s.apply((K_FIRST, 1 - chooser))
        assert s.fp == 1 - chooser
        _until(s, "action", random.Random(0), log)
        assert [d for d, _ in log] == ["magic_item", "magic_item"]
        assert [q for _, q in log] == [chooser, 1 - chooser]  # right of the first player first
        for p, ids in enumerate((ARTS[:8], ARTS[10:18])):
            assert sorted(C.cards[x].id for x in s.hand[p] + s.deck[p]) == sorted(ids)
            assert C.cards[s.play[p][0]].id == MAGES[2 + p]
        check_invariants(s)


def test_game1_of_a_match_is_a_normal_random_game() -> None:
    a = new_game(2, 5, preset="random")
    b = new_game(2, 5, preset="random", match={"game": 1, "wins": [0, 0]})
    assert a.decision_name() == b.decision_name() == "mage"
    assert a.hand == b.hand and a.deck == b.deck and a.fp == b.fp and a.places == b.places
    b2 = new_game(2, 5, preset="random", draft=True, match={"game": 1, "wins": [0, 0]})
    assert b2.decision_name() == "draft"


BAD_MATCHES = [
    "game 2",
    [],
    {"game": 1},
    {"game": 0, "wins": [0, 0]},
    {"game": 4, "wins": [0, 0]},
    {"game": True, "wins": [0, 0]},
    {"game": 1.0, "wins": [0, 0]},
    {"game": "1", "wins": [0, 0]},
    {"game": 1, "wins": [0, 0], "chooser": 0},
    {"game": 1, "wins": [1, 0]},
    {"game": 1, "wins": [0]},
    {"game": 1, "wins": (0, 0)},
    {"game": 2, "wins": [True, False], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": ["1", 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [0.7, 0.3], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [1.5, -0.5], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [float("nan"), 1], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 1], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 0, "mages": MAGES[:2], "pool": ARTS[:16]},  # the winner may not choose
    {"game": 2, "wins": [1, 0], "chooser": True, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 1.0, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [0.5, 0.5], "chooser": 2, "mages": MAGES[:2], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:1], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": [MAGES[0], MAGES[0]], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": [MAGES[0], ARTS[0]], "pool": ARTS[:16]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:15]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:15] + ARTS[:1]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:15] + MAGES[2:3]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:15] + ["no_such_card"]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:15] + [3]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "decks": [ARTS[:8], ARTS[8:16]]},
    {"game": 2, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "pool": ARTS[:16], "extra": 1},
    {"game": 3, "wins": [1, 1], "chooser": 0, "mages": MAGES[:2], "decks": [ARTS[:8], ARTS[7:15]]},
    {"game": 3, "wins": [1, 1], "chooser": 0, "mages": MAGES[:2], "decks": [ARTS[:8], ARTS[8:15]]},
    {"game": 3, "wins": [1, 1], "chooser": 0, "mages": MAGES[:2], "decks": [ARTS[:8]]},
    {"game": 3, "wins": [1, 1], "chooser": 0, "mages": MAGES[:2], "decks": ARTS[:16]},
    {"game": 3, "wins": [2, 0], "chooser": 1, "mages": MAGES[:2], "decks": [ARTS[:8], ARTS[8:16]]},
    {"game": 3, "wins": [1, 0], "chooser": 1, "mages": MAGES[:2], "decks": [ARTS[:8], ARTS[8:16]]},
    {"game": 3, "wins": [1, 1], "chooser": 0, "mages": MAGES[:2], "pool": ARTS[:16]},
]


@pytest.mark.parametrize("match", BAD_MATCHES)
def test_bad_match_setups_are_refused(match) -> None:
    with pytest.raises(ValueError) as e:
        new_game(2, 1, preset="random", match=match)
    assert "\n" not in str(e.value) and str(e.value)


def test_match_needs_two_players_random_preset_and_no_draft_or_first_player_later() -> None:
    good = game2()
    with pytest.raises(ValueError):
        new_game(3, 1, preset="random", match={"game": 1, "wins": [0, 0]})
    with pytest.raises(ValueError):
        new_game(2, 1, preset="first_game", match={"game": 1, "wins": [0, 0]})
    with pytest.raises(ValueError):
        new_game(2, 1, preset="random", draft=True, match=good)
    with pytest.raises(ValueError):
        new_game(2, 1, preset="random", first_player=0, match=good)
    # the good ones, floats in halves included
    new_game(2, 1, preset="random", match=game2((0.5, 0.5), 0))
    new_game(2, 1, preset="random", match=game3())
    new_game(2, 1, preset="random", match={"game": 3, "wins": [1.0, 1.0], "chooser": 1, "mages": MAGES[:2],
                                           "decks": [ARTS[:8], ARTS[8:16]]})


def test_new_actions_json_round_trip_and_illegal_ones_change_nothing() -> None:
    s = new_game(2, 2, preset="random", match=game2())
    for a in s.legal_actions():
        obj = to_json(C, a)
        assert obj == {"type": "first_player", "seat": a[1]}
        assert from_json(C, json.loads(json.dumps(obj))) == a
        assert describe(C, a)
    assert "Player 2" in describe(C, (K_FIRST, 1))
    assert ADAPTER.describe(s, (K_FIRST, 1)) == f"{C.cards[s.play[1][0]].name} takes the first-player token"
    for bad in ({"type": "first_player"}, {"type": "first_player", "seat": True}, {"type": "first_player", "seat": 1.0},
                {"type": "first_player", "seat": -1}, {"type": "first_player", "seat": "0"},
                {"type": "match_pick"}, {"type": "match_pick", "card": "nope"}, {"type": "match_pick", "card": 3}):
        with pytest.raises(ActionFormatError):
            from_json(C, bad)
    before = json.dumps(view(s, 0)), json.dumps(view(s, 1))
    for a in ((K_FIRST, 2), (K_FIRST, -1), (K_MPICK, s.c.by_id[ARTS[3]]), (K_FIRST, True), (K_FIRST,)):
        with pytest.raises(IllegalAction):
            s.apply(a)
    assert (json.dumps(view(s, 0)), json.dumps(view(s, 1))) == before
    s.apply((K_FIRST, 0))
    assert s.decision_name() == "match_pick"
    for a in s.legal_actions():
        obj = to_json(C, a)
        assert obj == {"type": "match_pick", "card": C.cards[a[1]].id}
        assert from_json(C, json.loads(json.dumps(obj))) == a
        assert C.cards[a[1]].name in describe(C, a)
    before = json.dumps(view(s, 0))
    for a in ((K_MPICK, s.c.by_id[ARTS[0]]), (K_MPICK, s.c.by_id[MAGES[5]]), (K_FIRST, 0)):
        with pytest.raises(IllegalAction):
            s.apply(a)
    assert json.dumps(view(s, 0)) == before


def _play(s, r: random.Random) -> None:
    while not s.is_terminal():
        s.apply_unchecked(r.choice(s.legal_actions()))


def _artifacts(s) -> list[int]:
    return sorted(x for p in range(2) for z in (s.hand, s.deck, s.disc, s.play) for x in z[p]
                  if s.c.cards[x].kind == "artifact")


def test_random_matches_chain_to_their_end() -> None:
    games_played = []
    for m in range(20):
        r = random.Random(m)
        setup = {"preset": "random", "draft": m % 4 == 1, "match": {"game": 1, "wins": [0, 0]}}
        played = 0
        sixteen = None
        mages = None
        while setup is not None:
            s = ADAPTER.new_game(2, 100 + m, **setup)
            assert ADAPTER.setup_of(s) == setup
            info = ADAPTER.match_of(s)
            assert info["game"] == played + 1 and not info["over"]
            assert info["wins"] == [float(w) for w in setup["match"]["wins"]]
            _play(s, r)
            check_invariants(s)
            played += 1
            arts = _artifacts(s)
            assert len(arts) == 16
            if sixteen is None:
                sixteen = arts
            assert arts == sixteen  # the same 16 artifacts in every game of the match
            here = [C.cards[s.play[p][0]].id for p in range(2)]
            assert mages is None or here == mages
            mages = here
            info = ADAPTER.match_of(s)
            assert sum(info["wins"]) == played
            nxt = ADAPTER.next_in_match(s)
            assert (nxt == NEW_MATCH) == info["over"]  # a decided match offers a new one
            if not info["over"]:
                json.dumps(nxt)
                w = s.winners
                assert nxt["match"]["chooser"] == (1 - w[0] if len(w) == 1 else 1 - s.fp0)
                if played == 2:
                    assert nxt["match"]["decks"] == [[C.cards[x].id for x in o] for o in s.mown]
            setup = None if info["over"] else nxt
        assert info["over"] and played in (2, 3)
        assert info["winner"] == (-1 if info["wins"][0] == info["wins"][1] else int(info["wins"][1] > info["wins"][0]))
        assert played == 2 or info["wins"][0] + info["wins"][1] == 3
        games_played.append(played)
    assert 3 in games_played and 2 in games_played


def test_shared_victory_is_half_a_win_and_the_non_first_player_chooses() -> None:
    s = ADAPTER.new_game(2, 4, preset="random", match={"game": 1, "wins": [0, 0]})
    _play(s, random.Random(4))
    t = s.copy()
    t.winners = [0, 1]
    info = ADAPTER.match_of(t)
    assert info == {"game": 1, "of": 3, "wins": [0.5, 0.5], "over": False, "winner": -1}
    nxt = ADAPTER.next_in_match(t)
    assert nxt["match"]["chooser"] == 1 - t.fp0 and nxt["match"]["wins"] == [0.5, 0.5]
    g2 = ADAPTER.new_game(2, 5, **nxt)  # a valid setup
    assert g2.actor == 1 - t.fp0
    # game 2 after a drawn game 1: a win decides the match 1.5-0.5; another draw ties it 1-1 -> game 3
    _play(g2, random.Random(5))
    u = g2.copy()
    u.winners = [1]
    assert ADAPTER.match_of(u)["over"] and ADAPTER.match_of(u)["winner"] == 1
    assert ADAPTER.next_in_match(u) == NEW_MATCH
    u.winners = [0, 1]
    assert ADAPTER.match_of(u) == {"game": 2, "of": 3, "wins": [1.0, 1.0], "over": False, "winner": -1}
    g3 = ADAPTER.new_game(2, 6, **ADAPTER.next_in_match(u))
    assert g3.actor == 1 - u.fp0
    _play(g3, random.Random(6))
    g3.winners = [0, 1]
    assert ADAPTER.match_of(g3) == {"game": 3, "of": 3, "wins": [1.5, 1.5], "over": True, "winner": -1}
    assert ADAPTER.next_in_match(g3) == NEW_MATCH


def test_not_a_match() -> None:
    s = ADAPTER.new_game(2, 1, preset="random")
    assert ADAPTER.match_of(s) is None and ADAPTER.setup_of(s) == {"preset": "random", "draft": False}
    assert view(s, 0)["match"] is None and "pool" not in view(s, 0)
    _play(s, random.Random(1))
    assert ADAPTER.next_in_match(s) is None


def _after_pick(seed: int = 8):
    s = new_game(2, seed, preset="random", match=game2())
    return _until(s, "action", random.Random(seed))


def test_determinize_redeals_a_rival_only_among_its_own_cards() -> None:
    s = _after_pick()
    own = [set(s.mown[p]) for p in range(2)]
    r = random.Random(0)
    changed = False
    for _ in range(40):
        for o in (0, 1):
            d = determinize(s, o, r)
            q = 1 - o
            assert set(d.hand[q]) | set(d.deck[q]) == set(s.hand[q]) | set(s.deck[q])
            assert set(d.hand[q]) <= own[q]
            assert d.hand[o] == s.hand[o]
            changed |= d.hand[q] != s.hand[q]
    assert changed
    # control: the game-1 re-deal (rivals' cards and the box in one pool) breaks the assertion above
    t = s.copy()
    t.match = {"game": 1, "wins": [0, 0]}
    leaks = 0
    for _ in range(40):
        d = determinize(t, 0, r)
        leaks += not set(d.hand[1]) <= own[1]
    assert leaks > 0


def test_determinized_match_states_play_to_the_end() -> None:
    s = new_game(2, 9, preset="random", match=game2())
    r = random.Random(9)
    i = 0
    while not s.is_terminal():
        if i % 5 == 0:
            d = determinize(s, s.to_move(), r)
            assert d.legal_actions()
            if i % 25 == 0:
                _play(d, random.Random(i))
        s.apply(r.choice(s.legal_actions()))
        i += 1


def _base_keys(v: dict) -> set[str]:
    return set(v) - {"legal", "targets", "essence_choice", "cost", "attack", "peek"}


def test_view_shows_the_match_and_the_pool_and_no_more() -> None:
    plain = view(new_game(2, 1, preset="random"), 0)
    s = new_game(2, 1, preset="random", match=game2((0.5, 0.5), 0))
    v = view(s, 1)
    assert v["match"] == {"game": 2, "wins": [0.5, 0.5], "artifacts": [[], []]}
    assert _base_keys(v) == _base_keys(plain) | {"pool"}  # face up while the loser chooses who starts
    assert v["pool"] == ARTS[3:19] and "picks_left" not in v
    s.apply((K_FIRST, 1))
    for seat in (0, 1):
        v = view(s, seat)
        json.dumps(v)
        assert _base_keys(v) == _base_keys(plain) | {"pool", "picks_left"}
        assert v["pool"] == ARTS[3:19] and v["picks_left"] == 1 and v["first_player"] == 1
        assert [set(pl) for pl in v["players"]] == [set(pl) for pl in view(new_game(2, 1, preset="random"),
                                                                            seat)["players"]]
    s.apply((K_MPICK, s.mpool[0]))
    assert view(s, 1)["match"]["artifacts"] == [[], [ARTS[3]]] and view(s, 0)["picks_left"] == 2
    _until(s, "action", random.Random(1))
    for seat in (0, 1):
        v = view(s, seat)
        assert "pool" not in v and v["match"]["game"] == 2
        assert v["match"]["artifacts"] == [[C.cards[x].id for x in o] for o in s.mown]
        rival = v["players"][1 - seat]
        assert rival["hand_known"] == [] and "hand" not in rival and "deck_contents" not in rival


def test_setup_of_round_trips_and_a_record_replays(tmp_path) -> None:
    for setup in ({"preset": "random", "draft": False, "match": game2()},
                  {"preset": "random", "draft": False, "match": game3(1)},
                  {"preset": "random", "draft": True, "match": {"game": 1, "wins": [0, 0]}}):
        s = ADAPTER.new_game(2, 11, **setup)
        assert ADAPTER.setup_of(s) == setup
        assert ADAPTER.setup_of(ADAPTER.new_game(2, 11, **ADAPTER.setup_of(s))) == setup
        rec = Record("arcana", 2, 11, json.loads(json.dumps(ADAPTER.setup_of(s))), [SeatRecord("bot", "random")] * 2)
        r = random.Random(11)
        while not s.is_terminal():
            a = r.choice(s.legal_actions())
            rec.add(s.to_move(), ADAPTER.to_json(s, a))
            s.apply(a)
        rec.result = ADAPTER.result(s)
        path = tmp_path / "m.jsonl"
        rec.write(path)
        t = replay(read_record(path), str(path))
        assert ADAPTER.result(t) == ADAPTER.result(s) and t.mown == s.mown
        assert ADAPTER.match_of(t) == ADAPTER.match_of(s)


def test_rule_bot_takes_the_token_and_picks_legally() -> None:
    from game.arcana.bots import RuleAgent, artifact_worth

    bot = RuleAgent()
    s = new_game(2, 3, preset="random", match=game2((0, 1), 0))
    r = random.Random(0)
    assert bot.decide(s, 0, s.legal_actions(), r) == (K_FIRST, 0)
    s.apply((K_FIRST, 0))
    a = bot.decide(s, 0, s.legal_actions(), r)
    best = max(artifact_worth(C.cards[x], bot.w) for x in s.mpool)
    assert a in s.legal_actions() and artifact_worth(C.cards[a[1]], bot.w) == best
