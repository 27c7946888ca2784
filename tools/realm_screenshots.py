"""Retake Realm of Reckoning's table screenshots in docs/screenshots/ (headless, seeded, reproducible).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/realm_screenshots.py [out_dir [name ...]]

(``name``: retake only the pictures whose file names contain it, e.g. ``pay``.)

Each picture is a seeded game (each seed range starts at the first seed found to show it) played by
the rule policy through the table scene (so the move feed and the revealed cards are what a player
would see), stopped at one of seat 0's decisions and drawn from that seat with the other seats as bots:

- realm_reveal_row.png: the cards every player revealed by their boards, in the order they resolve,
  ticked once played, and the acting player's board lit;
- realm_move_feed.png: the move feed naming the last moves (the rivals' turns before seat 0's), and the
  prompt counting the acolytes left to deploy;
- realm_pay_choices_artifact.png / realm_pay_choices_track_monument.png: the ranked ways to pay, each
  with what it costs (an artifact lost, a track monument's points; the first seed that shows it);
- realm_icon_totals_5p.png: five boards with the icon totals the monuments count.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("RECKONING_ARCANA_USER_DIR", tempfile.mkdtemp(prefix="realm_shots_"))  # no autosave of yours

import pygame  # noqa: E402

from game.core.config import load_config  # noqa: E402
from game.core.session import GameSession, Seat  # noqa: E402
from game.realm.bots import fast_policy  # noqa: E402
from game.realm.ui.main import TableScene  # noqa: E402
from game.shell import testing  # noqa: E402

Stop = Callable[[Any, TableScene, Any], bool]  # (state, scene, app) -> stop here


def table_at(players: int, seed: int, stop: Stop, max_moves: int = 3000) -> tuple[Any, TableScene] | None:
    """A table whose seats all move by the rule policy through the scene until ``stop`` holds at a
    decision of seat 0; then seat 0 is the one human (the others bots) and the table is drawn for it."""
    cfg = load_config(user=False)
    cfg.ui["skip_animations"] = True
    cfg.ui["bot_delay"] = 0.0
    cfg.game["autosave"] = False
    sess = GameSession(players, [Seat("human") for _ in range(players)], seed=seed)
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(seed)
    for _ in range(max_moves):
        st = sess.state
        if st.is_terminal():
            return None
        if st.to_move() == 0 and st.decision_name() != "over":
            sess.seats[1:] = [Seat("bot", "rule") for _ in range(players - 1)]
            scene.viewer = scene.revealed_for = 0
            scene.rebuild()
            testing.step(app, 3)
            while app.stack.top is not scene:  # a reckoning's summary read and closed
                testing.key(app, pygame.K_RETURN, frames=3)
            if stop(st, scene, app):
                return app, scene
            sess.seats[1:] = [Seat("human") for _ in range(players - 1)]
        scene.submit(fast_policy(st, rng))
    return None


ONLY: list[str] = []  # the names asked for on the command line (none: every picture)


def shoot(name: str, out: Path, players: int, seeds: range, stop: Stop) -> None:
    if ONLY and not any(part in name for part in ONLY):
        return
    for seed in seeds:
        found = table_at(players, seed, stop)
        if found is not None:
            app, scene = found
            testing.save_screenshot(app, out / name)
            scene.s.close()
            print(f"{name}: {players} players, seed {seed}")
            return
    print(f"{name}: no seed in {seeds} shows it")


def _drawn(app: Any, *words: str) -> bool:
    """Some one string drawn in the last frame holds all of ``words``."""
    return any(all(w in text for w in words) for text in testing.drawn_texts(app))


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    ONLY[:] = argv[1:]
    out.mkdir(parents=True, exist_ok=True)
    shoot("realm_reveal_row.png", out, 4, range(13, 40),
          lambda st, sc, app: st.round >= 2 and st.decision_name() in ("tuck", "place")
          and _drawn(app, "\u2713 ") and sum(x >= 0 for x in st.selected) >= 2)
    shoot("realm_move_feed.png", out, 4, range(13, 40),
          lambda st, sc, app: st.round >= 2 and st.decision_name() == "place" and _drawn(app, "\u2713 ")
          and len(sc.feed.lines) >= 2)
    shoot("realm_pay_choices_artifact.png", out, 4, range(22, 43),
          lambda st, sc, app: st.decision_name() == "pay" and _drawn(app, "artifact", "loses the"))
    shoot("realm_pay_choices_track_monument.png", out, 4, range(35, 43),
          lambda st, sc, app: st.decision_name() == "pay" and _drawn(app, "VP from the", "Track monument"))
    shoot("realm_icon_totals_5p.png", out, 5, range(14, 40),
          lambda st, sc, app: st.age == 3 and st.round >= 2 and st.decision_name() == "select")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
