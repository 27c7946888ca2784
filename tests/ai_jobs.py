"""Module-level jobs for tests/test_ai_parallel.py (spawned processes import them by name)."""

import time


def square_after(args: tuple[int, float]) -> int:
    n, delay = args
    time.sleep(delay)
    return n * n


def fail_on(args: tuple[int, int]) -> int:
    n, bad = args
    if n == bad:
        raise RuntimeError(f"job {n} failed")
    return n
