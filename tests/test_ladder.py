"""The measured ladder (ai/ladder.py): its plan, resumable play, ratings, words; and the expert's time cap."""

from __future__ import annotations

import json
import math
import random
import time

import pytest

import ai.ladder as lad
from ai.registry import CappedISMCTSAgent, load_hooks, make_agent
from ai.tournament import fixed_budget, run_tournament

GOOF = "tests.ai_toys:GOOFSPIEL_HOOKS"
TOY_LEVELS = {"random": "random", "weak": "mcts:iterations=8", "strong": "mcts:iterations=60"}


def _games(results: list[lad.PairResult]) -> dict[tuple[str, str], int]:
    return {(r.low, r.high): r.games for r in results}


# ------------------------------------------------------------------ plan and order
def test_neighbours_play_most_games_and_every_count_is_even():
    pairs = lad.plan(["a", "b", "c", "d", "e"], adjacent=200)
    counts = {(p.low, p.high): p.games for p in pairs}
    assert counts[("a", "b")] == counts[("d", "e")] == 200
    assert counts[("a", "c")] == 100
    assert counts[("a", "d")] == counts[("a", "e")] == 40
    assert all(n % 2 == 0 for n in counts.values())
    assert len(pairs) == 10


def test_cheap_pairs_come_first_and_take_turns_in_blocks():
    pairs = lad.plan(["random", "rule", "search"], adjacent=4)
    rank = {"random": 0, "rule": 0, "search": 1}
    order = [((p.low, p.high), g) for p, g in lad.schedule(pairs, rank, block=2)]
    assert order == [(("random", "rule"), g) for g in range(4)] + [
        (("rule", "search"), 0), (("rule", "search"), 1),  # neighbours first
        (("random", "search"), 0), (("random", "search"), 1),  # two apart: 2 games
        (("rule", "search"), 2), (("rule", "search"), 3)]


# ------------------------------------------------------------------ ratings
def _exact(strengths: dict[str, float], games: int) -> list[lad.PairResult]:
    """Pairs whose results are exactly what Bradley-Terry with ``strengths`` expects."""
    names = list(strengths)
    out = []
    for i, low in enumerate(names):
        for high in names[i + 1:]:
            p = strengths[high] / (strengths[high] + strengths[low])
            wins = round(p * games)
            out.append(lad.PairResult(low, high, [1.0] * wins + [0.0] * (games - wins)))
    return out


def test_bradley_terry_finds_known_strengths_on_the_elo_scale():
    results = _exact({"a": 1.0, "b": 2.0, "c": 4.0}, games=3000)
    ratings = lad.elo(["a", "b", "c"], results, anchor="a")
    ten_to_one = 400 * math.log10(2)  # strength twice as large: 120.4 Elo points
    assert ratings["a"] == 0.0
    assert ratings["b"] == pytest.approx(ten_to_one, abs=1.0)
    assert ratings["c"] == pytest.approx(2 * ten_to_one, abs=1.0)
    # control: the same games the other way round rate the levels the other way round
    flipped = [lad.PairResult(r.low, r.high, [1.0 - s for s in r.scores]) for r in results]
    back = lad.elo(["a", "b", "c"], flipped, anchor="a")
    assert back["b"] == pytest.approx(-ten_to_one, abs=1.0) and back["c"] < back["b"]


def _record(pair: list[str], specs: dict[str, str], game: int, high_wins: float) -> dict:
    """A ladder game line: ``pair[1]`` won ``high_wins`` (seats alternate with the game)."""
    order = [0, 1] if game % 2 == 0 else [1, 0]
    by_entry = [1.0 - high_wins, high_wins]
    return {"pair": pair, "bots": [specs[pair[0]], specs[pair[1]]], "game": game, "deal": 7 + game // 2,
            "order": order, "scores": [0, 0], "wins": [by_entry[e] for e in order], "labels": [{}, {}],
            "think": [0.0, 0.0], "moves": [1, 1]}


def test_a_results_file_with_a_known_answer_is_rated_so(tmp_path):
    specs = {"a": "random", "b": "easy", "c": "normal"}
    lines = [{"ladder": {"players": 2, "seed": 7}}]
    for low, high, wins in (("a", "b", 200), ("b", "c", 200), ("a", "c", 240)):  # strengths 1, 2, 4 of 300
        lines += [_record([low, high], specs, g, 1.0 if g < wins else 0.0) for g in range(300)]
    path = tmp_path / "known.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    results = lad.collect(list(specs), lad.read_ladder(path, 7, specs).values(), [], specs)
    assert _games(results) == {("a", "b"): 300, ("b", "c"): 300, ("a", "c"): 300}
    ladder = lad.rate(list(specs), results, anchor="b", resamples=50)
    assert ladder.ratings["a"] == pytest.approx(-120.4, abs=1.5)  # half as strong: 400 log10(2) below
    assert ladder.ratings["c"] == pytest.approx(120.4, abs=1.5)
    # control: the same file with every result turned round rates the levels the other way round
    turned = [_record(x["pair"], specs, x["game"], 1.0 - x["wins"][x["order"].index(1)]) if "pair" in x else x
              for x in lines]
    path.write_text("".join(json.dumps(x) + "\n" for x in turned))
    back = lad.rate(list(specs), lad.collect(list(specs), lad.read_ladder(path, 7, specs).values(), [], specs), "b",
                    resamples=50)
    assert back.ratings["a"] == pytest.approx(120.4, abs=1.5) and back.ratings["c"] == pytest.approx(-120.4, abs=1.5)


def test_ties_count_half_and_a_clean_sweep_stays_finite():
    tied = [lad.PairResult("a", "b", [0.5] * 50)]
    assert lad.elo(["a", "b"], tied, "a")["b"] == pytest.approx(0.0, abs=1e-6)
    sweep = [lad.PairResult("a", "b", [1.0] * 40)]
    gap = lad.elo(["a", "b"], sweep, "a")["b"]
    assert math.isfinite(gap) and gap > 400  # one virtual draw: 40.5 to 0.5
    lo, hi = lad.rate(["a", "b"], [lad.PairResult("a", "b", [1.0] * 10)], "a", resamples=200).intervals["b"]
    assert hi - lo > 50  # a clean sweep of 10 games is not known to a point


def test_bootstrap_intervals_hold_the_rating_narrow_with_games_and_repeat_for_a_seed():
    few = lad.rate(["a", "b"], [lad.PairResult("a", "b", [1.0] * 14 + [0.0] * 6)], "a", resamples=300, seed=3)
    many = lad.rate(["a", "b"], [lad.PairResult("a", "b", [1.0] * 140 + [0.0] * 60)], "a", resamples=300, seed=3)
    lo, hi = few.intervals["b"]
    assert lo < few.ratings["b"] < hi
    assert many.intervals["b"][1] - many.intervals["b"][0] < hi - lo
    again = lad.rate(["a", "b"], [lad.PairResult("a", "b", [1.0] * 14 + [0.0] * 6)], "a", resamples=300, seed=3)
    assert again.intervals == few.intervals
    assert few.intervals["a"] == (0.0, 0.0)  # the anchor


def test_the_table_and_the_json_say_the_scale_and_the_ties():
    ladder = lad.rate(["a", "b"], [lad.PairResult("a", "b", [1.0, 0.5, 0.0, 1.0])], "a", resamples=20)
    data = json.loads(json.dumps(ladder.to_dict()))
    assert data["anchor"] == "a" and "half" in data["ties"]
    assert data["pairs"] == [{"levels": ["a", "b"], "games": 4, "wins": 2.5, "win_rate": 0.625,
                              "ci": data["pairs"][0]["ci"]}]
    text = ladder.to_text()
    assert "a = 0" in text and "4 games" in text and "62.5%" in text
    assert "b             +70" in text and "few games" in text  # 4 games: a rating that says little


# ------------------------------------------------------------------ playing, resuming, importing
def test_a_stopped_ladder_resumes_and_ends_with_the_games_of_an_unbroken_one(tmp_path, monkeypatch):
    whole = tmp_path / "whole.jsonl"
    lad.play_ladder(GOOF, TOY_LEVELS, adjacent=4, seed=5, results_path=whole)
    lines = whole.read_text().splitlines()
    assert json.loads(lines[0]) == {"ladder": {"players": 2, "seed": 5}}
    assert len(lines) == 1 + 4 + 4 + 2  # neighbours 4 games each, random against strong 2
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:4]) + "\n" + lines[4][:30])  # stopped while a line was written
    assert lad.read_ladder(part, 5, TOY_LEVELS).keys() == {("random", "weak", g) for g in range(3)}
    played: list[tuple] = []
    real = lad._job
    monkeypatch.setattr(lad, "_job", lambda a: played.append((a[1], a[3])) or real(a))
    assert lad.play_ladder(GOOF, TOY_LEVELS, adjacent=4, seed=5, results_path=part) == 7
    assert len(played) == 7 and not {(("random", "weak"), g) for g in range(3)} & set(played)

    def without_times(path):
        recs = lad.read_ladder(path, 5, TOY_LEVELS)
        return {k: {f: v for f, v in r.items() if f != "think"} for k, r in recs.items()}
    assert without_times(part) == without_times(whole)  # the same games, to the last move


def test_a_ladder_file_of_another_seed_or_budget_is_refused(tmp_path):
    path = tmp_path / "l.jsonl"
    lad.play_ladder(GOOF, {"random": "random", "weak": "mcts:iterations=8"}, adjacent=2, seed=5, results_path=path)
    with pytest.raises(ValueError, match="not seed 6"):
        lad.read_ladder(path, 6, {"random": "random", "weak": "mcts:iterations=8"})
    with pytest.raises(ValueError, match="weak was played as 'mcts:iterations=8'"):
        lad.read_ladder(path, 5, {"random": "random", "weak": "mcts:iterations=9"})
    assert lad.read_ladder(path, 5, {"random": "random", "other": "mcts:iterations=9"}) == {}  # not a pair of these
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text().splitlines()[0] + "\n{not json\n")
    with pytest.raises(ValueError, match="bad.jsonl:2: not JSON"):
        lad.read_ladder(bad, 5, TOY_LEVELS)


def test_an_imported_tournament_counts_for_its_pair_and_that_pair_is_not_played(tmp_path):
    tour = tmp_path / "t.jsonl"
    run_tournament(GOOF, 2, [TOY_LEVELS["strong"], TOY_LEVELS["weak"]], games=6, seed=9, results_path=tour)
    specs, games = lad.read_tournament(tour)
    assert specs == [TOY_LEVELS["strong"], TOY_LEVELS["weak"]] and len(games) == 6
    results = lad.collect(list(TOY_LEVELS), [], [(specs, games)], TOY_LEVELS)
    (pair,) = results
    assert (pair.low, pair.high, pair.games) == ("weak", "strong", 6)  # listed strong first: turned round
    strong_wins = sum(lad.entry_wins(g)[0] for g in games)
    assert pair.wins == strong_wins
    path = tmp_path / "l.jsonl"
    lad.play_ladder(GOOF, TOY_LEVELS, adjacent=4, seed=5, results_path=path, imported=[("weak", "strong")])
    recorded = lad.read_ladder(path, 5, TOY_LEVELS)
    assert {(a, b) for a, b, _ in recorded} == {("random", "weak"), ("random", "strong")}
    with pytest.raises(ValueError, match="not two levels of the ladder"):
        lad.collect(list(TOY_LEVELS), [], [(["random", "mcts:iterations=7"], games)], TOY_LEVELS)


# ------------------------------------------------------------------ words
def test_the_words_round_to_tenths_and_say_no_figure_on_few_games():
    pair = lad.PairResult("normal", "hard", [1.0] * 140 + [0.0] * 60)
    assert lad.in_words("hard", "normal", pair) == "Hard wins about 7 games in 10 against Normal (200 games measured)."
    few = lad.PairResult("normal", "hard", [1.0] * 12)
    text = lad.in_words("hard", "normal", few)
    assert "not measured yet" in text and "12 games" in text and "in 10" not in text
    assert "nearly every game" in lad.in_words("easy", "random", lad.PairResult("random", "easy", [1.0] * 99 + [0.0]))
    assert "about half" in lad.in_words("b", "a", lad.PairResult("a", "b", [1.0, 0.0] * 30))


def test_level_notes_describe_each_level_against_the_one_below():
    results = [lad.PairResult("a", "b", [1.0] * 30 + [0.0] * 10), lad.PairResult("b", "c", [1.0] * 3)]
    notes = lad.level_notes(lad.rate(["a", "b", "c"], results, "a", resamples=20))
    assert list(notes["levels"]) == ["b", "c"]
    b = notes["levels"]["b"]
    assert b["against"] == "a" and b["games"] == 40 and b["wins"] == 30 and b["win_rate"] == 0.75
    assert b["words"] == "B wins about 8 games in 10 against A (40 games measured)."
    assert notes["levels"]["c"]["games"] == 3 and "not measured yet" in notes["levels"]["c"]["words"]


# ------------------------------------------------------------------ the time cap
def test_a_time_cap_stops_a_long_search_and_leaves_a_short_one_alone():
    hooks = load_hooks(GOOF)
    state = hooks.new_game(2, 3)
    legal = state.legal_actions()
    capped = make_agent("mcts:iterations=5000000,max_seconds=0.05", None, hooks)
    assert isinstance(capped, CappedISMCTSAgent)
    t0 = time.perf_counter()
    res = capped.search(state, 0, legal, random.Random(1))
    assert time.perf_counter() - t0 < 2.0 and 0 < res.iterations < 5_000_000 and not res.cancelled
    # control: a cap that is not reached gives the very search of the uncapped agent
    loose = make_agent("mcts:iterations=300,max_seconds=30", None, hooks).search(state, 0, legal, random.Random(2))
    plain = make_agent("mcts:iterations=300", None, hooks).search(state, 0, legal, random.Random(2))
    assert (loose.action, loose.iterations, loose.stats) == (plain.action, plain.iterations, plain.stats)


def test_tournaments_measure_the_budget_without_the_presets_cap():
    presets = {"expert": {"kind": "mcts", "iterations": 50, "max_seconds": 0.001}}
    assert fixed_budget(presets) == {"expert": {"kind": "mcts", "iterations": 50}}
    assert presets["expert"]["max_seconds"] == 0.001  # the caller's presets are left alone
    hooks = load_hooks(GOOF)
    assert type(make_agent("expert", fixed_budget(presets), hooks)).__name__ == "ISMCTSAgent"
    assert isinstance(make_agent("expert", presets, hooks), CappedISMCTSAgent)  # control: the cap is there
