"""Seat-rotated tournaments on the toy games, in-process and in spawned processes."""

from __future__ import annotations

import json

import pytest

from ai.tournament import TournamentError, entry_labels, run_tournament, seating

GOOF = "tests.ai_toys:GOOFSPIEL_HOOKS"
TRICKS = "tests.ai_toys:TRICKS_HOOKS"


def test_seating_rotates_every_entry_through_every_seat():
    seen = {e: set() for e in range(3)}
    for g in range(3):
        order = seating(3, g)
        assert sorted(order) == [0, 1, 2]
        for seat, e in enumerate(order):
            seen[e].add(seat)
    assert all(s == {0, 1, 2} for s in seen.values())
    assert entry_labels(["rule", "mcts", "rule", "rule"]) == ["rule", "mcts", "rule#2", "rule#3"]


def test_report_rows_labels_and_rotation():
    rep = run_tournament(TRICKS, 3, ["random", "mcts:iterations=40", "random"], games=6, seed=3, jobs=1)
    assert [r["bot"] for r in rep.rows] == ["random", "mcts:iterations=40", "random#2"]
    assert all(r["games"] == 6 for r in rep.rows)
    assert sum(r["wins"] for r in rep.rows) == pytest.approx(6)
    assert {v: d["games"] for v, d in rep.groups["seat"].items()} == {"0": 6, "1": 6, "2": 6}
    assert rep.groups["start"]["leads"]["games"] == 6 and rep.groups["start"]["follows"]["games"] == 12
    for r in rep.rows:
        lo, hi = r["ci"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0
    text = rep.to_text()
    assert "95% CI" in text and "random#2" in text and "win rate by start:" in text
    data = json.loads(rep.to_json())
    assert data["results"] == rep.rows and data["games"] == 6 and data["bots"][1] == "mcts:iterations=40"


def test_margin_is_own_score_minus_best_other():
    rep = run_tournament(GOOF, 2, ["random", "random"], games=4, seed=1, jobs=1)
    a, b = rep.rows
    assert a["mean_margin"] == pytest.approx(-b["mean_margin"])
    assert a["mean_score"] - b["mean_score"] == pytest.approx(a["mean_margin"])


def test_deterministic_and_the_same_in_parallel():
    specs = ["mcts:iterations=30", "random"]
    one = run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=1)
    again = run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=1)
    two = run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=2)
    assert one.rows == again.rows == two.rows
    assert one.groups == two.groups
    other = run_tournament(GOOF, 2, specs, games=6, seed=12, jobs=1)
    assert other.rows != one.rows


def test_mcts_wins_most_goofspiel_games_against_random():
    rep = run_tournament(GOOF, 2, ["mcts:iterations=150", "random"], games=24, seed=5, jobs=2)
    assert rep.rows[0]["win_rate"] > 0.65
    assert rep.rows[0]["ci"][0] > 0.5


def test_presets_reach_the_worker_processes():
    presets = {"quick": {"kind": "mcts", "iterations": 20, "label": "Quick"}}
    rep = run_tournament(GOOF, 2, ["quick", "mcts:quick"], games=2, seed=1, jobs=2, presets=presets)
    assert [r["bot"] for r in rep.rows] == ["quick", "mcts:quick"]


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 3}, "2 bots listed for 3 players"),
    ({"games": 0}, "games must be at least 1"),
    ({"jobs": 0}, "jobs must be at least 1"),
    ({"bot_specs": ["random", "wizard"]}, "unknown bot 'wizard'"),
    ({"hooks_path": "tests.ai_toys:NOPE"}, "has no 'NOPE'"),
])
def test_bad_input_is_one_clear_line(kwargs, message):
    args = {"hooks_path": GOOF, "players": 2, "bot_specs": ["random", "random"], "games": 2, "seed": 1, "jobs": 1}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message) as info:
        run_tournament(**args)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failing_bot_names_the_game_and_seat(jobs):
    with pytest.raises(TournamentError, match=r"game 0 \(deal seed 4\): bot 'boom' at seat 1: RuntimeError: boom"):
        run_tournament(GOOF, 2, ["random", "boom"], games=2, seed=4, jobs=jobs)


def test_results_file_resumes_a_stopped_run(tmp_path, monkeypatch):
    import ai.tournament as tour

    specs = ["mcts:iterations=30", "random"]
    full = run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=1)
    path = tmp_path / "run.jsonl"
    first = run_tournament(GOOF, 2, specs, games=4, seed=11, jobs=1, results_path=path)
    assert len(path.read_text().splitlines()) == 1 + 4  # header + one line per game
    played: list[int] = []
    real = tour._job
    monkeypatch.setattr(tour, "_job", lambda a: played.append(a[3]) or real(a))
    resumed = run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=1, results_path=path)
    assert played == [4, 5]  # only the games not yet recorded
    assert resumed.rows == full.rows and first.games == 4 and resumed.games == 6
    with pytest.raises(ValueError, match="another tournament"):
        run_tournament(GOOF, 2, ["random", "random"], games=6, seed=11, jobs=1, results_path=path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text().splitlines()[0] + "\n{not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: not JSON"):
        run_tournament(GOOF, 2, specs, games=6, seed=11, jobs=1, results_path=bad)
