"""ai.parallel: results in order, and a failing job ends the run instead of hanging it.

multiprocessing.Pool's terminate() could deadlock when a job raised (CI hung for 90 minutes on
test_a_failing_bot_names_the_game_and_seat[2]); the repeated run below hung the old code.
"""

import pytest

from ai.parallel import results_in_order
from ai.tournament import TournamentError, run_tournament
from tests.ai_jobs import fail_on, square_after

GOOF = "tests.ai_toys:GOOFSPIEL_HOOKS"


def test_results_come_in_submission_order_even_when_later_jobs_finish_first():
    args = [(1, 0.3), (2, 0.0), (3, 0.0), (4, 0.1)]
    assert list(results_in_order(square_after, args, 2)) == [1, 4, 9, 16]


def test_one_process_and_more_processes_than_jobs():
    assert list(results_in_order(square_after, [(5, 0.0)], 1)) == [25]
    assert list(results_in_order(square_after, [(1, 0.0), (2, 0.0)], 8)) == [1, 4]
    assert list(results_in_order(square_after, [], 2)) == []


def test_the_first_failing_job_ends_the_run_with_its_error():
    got: list[int] = []
    with pytest.raises(RuntimeError, match="job 2 failed"):
        for r in results_in_order(fail_on, [(n, 2) for n in range(6)], 2):
            got.append(r)
    assert got == [0, 1]


def test_a_failing_tournament_in_two_processes_ends_every_time():
    # The old Pool-based code deadlocked within 100 runs of this here; 40 runs take about 5 s.
    for _ in range(40):
        with pytest.raises(TournamentError, match="bot 'boom'"):
            run_tournament(GOOF, 2, ["random", "boom"], games=2, seed=4, jobs=2)
