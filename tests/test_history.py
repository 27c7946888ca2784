"""The history database (game.core.history) and ``python main.py stats``: every finished game kept
with its seats, scores by source and record; migrations keep old rows; a kill during a write loses
nothing committed; a damaged file is set aside; the statistics and the command line."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ai.stats import wilson
from game.cli import main
from game.core import history as H
from game.core.games import get_game
from game.core.records import Record, SeatRecord, read_record, replay
from game.core.session import make_agent

ROOT = Path(__file__).resolve().parents[1]


def play(game_key: str, seats: list[SeatRecord], seed: int, players: int | None = None) -> tuple[Record, object]:
    """A whole game with rule bots deciding for every seat (the seats say who is recorded as sitting
    there); its record and final state."""
    import random

    game = get_game(game_key)
    n = players or len(seats)
    state = game.new_game(n, seed)
    rec = Record(game.key, n, seed, game.setup_of(state), seats)
    agent = make_agent(game, "rule")
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_move()
        action = agent.decide(state, seat, state.legal_actions(), rng)
        rec.add(seat, game.to_json(state, action))
        state.apply(action)
    rec.result = game.result(state)
    return rec, state


def user_dir() -> Path:
    return Path(os.environ["ROR_USER_DIR"])


# ------------------------------------------------------------------ recording
@pytest.mark.parametrize("game_key", ["realm", "arcana"])
def test_a_finished_game_is_kept_with_seats_scores_by_source_and_a_record_that_replays(game_key: str) -> None:
    seats = [SeatRecord("human", "", "Ann"), SeatRecord("bot", "hard")]
    rec, state = play(game_key, seats, seed=5)
    assert H.record_finished(rec, state, get_game(game_key), source="window", seconds=12.5) is None
    [entry] = H.read_games()
    game = get_game(game_key)
    assert (entry.game, entry.players, entry.seed, entry.moves, entry.seconds) == (game_key, 2, 5, len(rec.actions),
                                                                                    12.5)
    assert entry.setup == rec.setup and entry.source == "window" and entry.assisted is False
    assert [s.kind for s in entry.seats] == ["human", "bot"] and entry.seats[0].name == "Ann"
    assert entry.seats[1].bot == "hard"
    assert [s.side for s in entry.seats] == game.seat_names(state)  # the faction or the mage
    assert [s.score for s in entry.seats] == [float(x) for x in state.scores()]
    for s in entry.seats:  # the sources add up to the score, and there are some
        assert s.sources and sum(s.sources.values()) == pytest.approx(s.score)
    assert [p for p, s in enumerate(entry.seats) if s.won] == entry.winners
    kept = Path(entry.record_path)
    assert kept.parent == user_dir() / "logs"
    copy = read_record(kept)
    assert copy.actions == rec.actions and copy.result == rec.result
    replay(copy, str(kept))  # the copy is a valid record of the same game


def test_the_assisted_flag_is_read_from_the_result() -> None:
    rec, state = play("realm", [SeatRecord("human"), SeatRecord("bot", "easy")], seed=2)
    rec.result = {**rec.result, "assisted": True}
    assert H.record_finished(rec, state, get_game("realm"), source="window") is None
    rec2, state2 = play("realm", [SeatRecord("human"), SeatRecord("bot", "easy")], seed=3)
    assert H.record_finished(rec2, state2, get_game("realm"), source="window") is None
    assert [e.assisted for e in H.read_games()] == [True, False]  # the control: no flag, not assisted


def test_a_history_that_cannot_be_written_is_a_warning_and_nothing_raises(tmp_path: Path) -> None:
    rec, state = play("realm", [SeatRecord("human"), SeatRecord("bot", "easy")], seed=2)
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    problem = H.record_finished(rec, state, get_game("realm"), source="window", db_path=blocked / "history.sqlite3")
    assert problem is not None and problem.startswith("warning:") and "\n" not in problem
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 1}")
    problem = H.record_finished(rec, state, get_game("realm"), source="window", db_path=newer)
    assert problem is not None and "newer edition" in problem
    assert H.record_finished(rec, state, get_game("realm"), source="window", db_path=tmp_path / "ok.sqlite3") is None


# ------------------------------------------------------------------ schema and migrations
def test_a_migration_from_the_first_schema_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    assert H.migrate(conn, target=1) == 1
    conn.execute("INSERT INTO games (played_at, game, players, seed, setup, winners, moves, seconds, record_path,"
                 " source) VALUES ('2025-01-02T03:04:05Z', 'realm', 2, 9, '{}', '[1]', 80, NULL, 'old.jsonl',"
                 " 'window')")
    conn.executemany("INSERT INTO seats VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
                     [(0, "human", "", "Ann", "The Guilded", 40.0, '{"Age 1": 40}'),
                      (1, "bot", "hard", "", "The Watchers", 55.0, '{"Age 1": 55}')])
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert "assisted" not in columns  # the control: this is the older schema
    with H.History(path) as hist:
        assert hist.conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION == 2
        [entry] = hist.games()
    assert (entry.played_at, entry.seed, entry.moves, entry.record_path, entry.assisted) == (
        "2025-01-02T03:04:05Z", 9, 80, "old.jsonl", False)
    assert [(s.name or s.bot, s.side, s.score, s.won) for s in entry.seats] == [
        ("Ann", "The Guilded", 40.0, False), ("hard", "The Watchers", 55.0, True)]


def test_a_failed_migration_step_leaves_the_older_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "h.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    H.migrate(conn, target=1)
    monkeypatch.setattr(H, "MIGRATIONS", [H.MIGRATIONS[0], (H.MIGRATIONS[1][0], "THIS IS NOT SQL")])
    with pytest.raises(sqlite3.Error):
        H.migrate(conn)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "assisted" not in [row[1] for row in conn.execute("PRAGMA table_info(games)")]  # rolled back whole


# ------------------------------------------------------------------ damage and kills
def test_a_damaged_file_is_set_aside_with_one_line_and_a_new_history_started(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"this is not a database at all " * 200)
    lines: list[str] = []
    with H.History(path, report=lines.append) as hist:
        assert hist.games() == []
        hist.add(H.GameEntry("realm", 2, 1, {}, [], [], 3))
    assert len(lines) == 1 and "damaged" in lines[0] and "\n" not in lines[0]
    [kept] = list(tmp_path.glob("history.sqlite3.damaged-*"))
    assert kept.read_bytes().startswith(b"this is not a database")
    assert lines[0].endswith("a new one is started") and kept.name in lines[0]
    lines.clear()
    with H.History(path, report=lines.append) as hist:  # the control: a sound file is not set aside
        assert len(hist.games()) == 1
    assert lines == [] and len(list(tmp_path.glob("history.sqlite3.damaged-*"))) == 1


def test_a_database_with_a_damaged_page_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with H.History(path) as hist:
        for seed in range(60):
            hist.add(H.GameEntry("realm", 2, seed, {"pad": "x" * 300}, [], [0], 10))
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page: 3 * page] = b"\xff" * page  # a table page overwritten
    path.write_bytes(bytes(data))
    lines: list[str] = []
    with H.History(path, report=lines.append) as hist:
        assert hist.games() == []
    assert len(lines) == 1 and list(tmp_path.glob("history.sqlite3.damaged-*"))


WRITER = textwrap.dedent("""
    import sys
    from game.core import history as H
    seats = [H.SeatEntry("human", "", "Ann", "The Guilded", 40.0, {"Age 1": 40.0}),
             H.SeatEntry("bot", "hard", "", "The Watchers", 50.0, {"Age 1": 50.0})]
    with H.History(sys.argv[1]) as hist:
        for seed in range(100000):
            gid = hist.add(H.GameEntry("realm", 2, seed, {"pad": "x" * 2000}, seats, [1], 100))
            print(gid, flush=True)
""")


def test_a_kill_during_writes_loses_no_committed_game(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    committed: list[int] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            committed.append(int(line))
            if len(committed) >= 150:
                break
        os.kill(proc.pid, signal.SIGKILL)  # in the middle of the writing loop
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL  # killed, not finished
    lines: list[str] = []
    with H.History(path, report=lines.append) as hist:
        ids = {e.id for e in hist.games()}
        assert hist.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert lines == []  # not damaged
    assert set(committed) <= ids  # every game reported committed is there
    assert all(len(e.seats) == 2 for e in H.read_games(path=path))  # no game without its seats


# ------------------------------------------------------------------ statistics
def entry(won: bool, level: str, side: str, score: float, human: bool = True) -> H.GameEntry:
    me = H.SeatEntry("human" if human else "bot", "" if human else "rule", "", side, score, {}, won)
    bot = H.SeatEntry("bot", level, "", "Other", 50.0, {}, not won)
    return H.GameEntry("realm", 2, 1, {}, [me, bot], [0] if won else [1], 100, played_at="2026-01-01T00:00:00Z")


def test_the_figures_count_the_human_seats_with_an_interval_from_ten_games_on() -> None:
    games = [entry(k < 5, "hard", "The Guilded" if k % 2 else "The Watchers", 40.0 + k) for k in range(12)]
    games += [entry(True, "normal", "The Guilded", 70.0), entry(False, "normal", "The Guilded", 30.0)]
    games += [entry(True, "hard", "Bots", 99.0, human=False)]  # bots only: listed, not counted
    s = H.summarize(games)["realm"]
    assert (s["recorded"], s["played"], s["won"]) == (15, 14, 6)
    assert s["best_score"] == 70.0 and s["average_score"] == pytest.approx((sum(40 + k for k in range(12)) + 100) / 14)
    hard, normal = s["against"]["hard"], s["against"]["normal"]
    assert (hard["played"], hard["won"], hard["win_rate"]) == (12, 5, pytest.approx(5 / 12))
    assert hard["interval"] == pytest.approx(list(wilson(5, 12)))
    assert (normal["played"], normal["won"], normal["interval"]) == (2, 1, None)  # too few games for one
    assert s["sides"]["The Guilded"]["played"] == 8 and s["sides"]["The Watchers"]["played"] == 6
    assert "Bots" not in s["sides"]
    assert [g["result"] for g in s["games"]][-1] == "bots only" and len(s["games"]) == 15


# ------------------------------------------------------------------ the command line
def stats_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    capsys.readouterr()
    assert main(["stats", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_stats_json_on_an_empty_profile_creates_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    out = stats_json(capsys)
    assert set(out) == {"realm", "arcana"}
    for figures in out.values():
        assert figures["recorded"] == figures["played"] == 0 and figures["games"] == []
        assert figures["win_rate"] is None and figures["against"] == {}
    assert not (user_dir() / H.DB_NAME).exists()


def test_stats_json_on_a_filled_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "4", "--bots", "rule,random"]) == 0
    rec, state = play("arcana", [SeatRecord("human", "", "Ann"), SeatRecord("bot", "hard")], seed=7)
    assert H.record_finished(rec, state, get_game("arcana"), source="window") is None
    out = stats_json(capsys)
    realm, arcana = out["realm"], out["arcana"]
    assert realm["recorded"] == 2 and realm["played"] == 0  # simulate's bots-only games are listed only
    assert [g["source"] for g in realm["games"]] == ["simulate", "simulate"]
    assert all(Path(g["record"]).exists() for g in realm["games"])
    assert arcana["recorded"] == arcana["played"] == 1
    won = 0 in rec.result["winners"]
    assert arcana["won"] == int(won) and arcana["against"]["hard"]["played"] == 1
    mage = get_game("arcana").seat_names(state)[0]
    assert arcana["sides"][mage]["best_score"] == state.scores()[0]
    assert stats_json(capsys, "--game", "arcana") == {"arcana": arcana}
    capsys.readouterr()
    assert main(["stats", "--game", "realm"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Realm of Reckoning: 2 games recorded") and "bots only" in text


def test_simulate_no_history_records_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "rule,rule", "--no-history"]) == 0
    assert not (user_dir() / H.DB_NAME).exists()
    assert main(["simulate", "--players", "2", "--games", "1", "--bots", "rule,rule"]) == 0  # the control
    assert len(H.read_games()) == 1


@pytest.mark.parametrize("args, words", [
    (["stats", "--game", "chess"], "unknown game 'chess'"),
    (["stats", "--jsn"], "unrecognized arguments"),
    (["stats", "extra"], "unrecognized arguments"),
])
def test_stats_bad_input_exits_2_with_one_line(args: list[str], words: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:") and words in err


def test_stats_of_a_newer_history_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    user_dir().mkdir(parents=True)
    with sqlite3.connect(user_dir() / H.DB_NAME) as conn:
        conn.execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 5}")
    assert main(["stats"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "newer edition" in err
