"""Take the Res Arcana table's screenshots for docs/screenshots/ headless, from seeded positions.

Run from the project root: ``python tools/arcana_screenshots.py [--out docs/screenshots] [--only NAME]``.
It writes (each a PNG of the window at its size, the table drawn by the real scene):

- ``arcana_crowded_4p_1280x720.png``, ``..._1600x900.png``, ``..._1920x1080.png``: a 4-player table with
  16, 16, 16 and 14 cards in play (the crowded position of ``tests/test_arcana_ui_fit.py``);
- ``arcana_card_view.png``: a card shown large (right-click or V);
- ``arcana_move_feed.png``: a 3-player game against rule bots, the feed naming the rivals' moves;
- ``arcana_collect_panel.png``: a collect step with several choices in one panel;
- ``arcana_look_drag.png``: "look at 3", a card being dragged into its place.

A user folder of its own is used (a temporary one), so nothing is saved into the player's.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("RECKONING_ARCANA_USER_DIR", tempfile.mkdtemp(prefix="arcana-shots-"))

import pygame  # noqa: E402

from game.arcana.engine import new_game  # noqa: E402
from game.arcana.ui import TableScene  # noqa: E402
from game.arcana.ui.collect import collecting, plan_collect  # noqa: E402
from game.core.config import load_config  # noqa: E402
from game.core.session import GameSession, Seat  # noqa: E402
from game.shell import testing  # noqa: E402

NAMES = ["Annabel", "Bartholomew", "Constantine", "Dorothea"]


def config() -> Any:
    c = load_config(user=False)
    c.ui["skip_animations"] = True
    c.ui["bot_delay"] = 0.0
    return c


def save_window(app: Any, path: Path) -> None:
    """The window as the player sees it (the canvas scaled to the window's size)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(path))
    print("wrote", path)


def lift_curtain(app: Any) -> None:
    for w in testing.widgets(app):
        if getattr(w, "text", "") == "I am ready":
            testing.click_widget(app, w)
            testing.step(app, 3)
            return


def table_on(state: Any, players: int, window: tuple[int, int], bots: bool = False) -> tuple[Any, Any]:
    """An app at ``window`` showing a table on ``state`` with seat 0 a person (the rest people too, or bots)."""
    app = testing.make_app(window_size=window, skip_animations=True)
    seats = [Seat("human", name=NAMES[0])] + [Seat("bot", "rule", name=n) if bots else Seat("human", name=n)
                                              for n in NAMES[1:players]]
    sess = GameSession(players, seats, 7, {"preset": "random"}, presets=None, game="arcana")
    sess.state = state
    table = TableScene(config(), sess)
    app.push(table)
    testing.step(app, 3)
    lift_curtain(app)
    testing.move(app, (4, 890), frames=2)  # the mouse rests where no tip shows
    return app, table


def walk(players: int, seed: int, until: Callable[[Any], bool], steps: int = 900) -> Any:
    """A seeded random game played until ``until(state)``; None when it never gets there."""
    s = new_game(players, seed, preset="random")
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            return None
        if until(s):
            return s
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return None


def collect_state() -> Any:
    """Seat 0 at its collect with a gain of several, a choice of two and a take that costs points."""
    def rich(s: Any) -> bool:
        if not collecting(s, 0) or s.to_move() != 0:
            return False
        kinds = [(st.kind, st.n, st.loss) for st in plan_collect(s, 0)]
        return (any(k == "gain" and n > 1 for k, n, _ in kinds) and any(k == "take" and loss for k, _, loss in kinds)
                and 3 <= len(kinds) <= 5)

    return next(s for s in (walk(2, seed, rich) for seed in range(400)) if s is not None)


def shot_collect(out: Path) -> None:
    app, table = table_on(collect_state(), 2, (1600, 900))
    testing.step(app, 2)
    save_window(app, out / "arcana_collect_panel.png")


def shot_crowded(out: Path) -> None:
    from tests.test_arcana_ui_fit import _action_phase_state, crowd

    for window in ((1280, 720), (1600, 900), (1920, 1080)):
        st = next(s for s in (_action_phase_state(4, seed) for seed in range(7, 60)) if s.to_move() == 0)
        crowd(st, [16, 16, 16, 14])
        app, table = table_on(st, 4, window)
        save_window(app, out / f"arcana_crowded_4p_{window[0]}x{window[1]}.png")
        if window == (1600, 900):
            ci = table._play_order[1][3]
            testing.move(app, table.anchors[("card", ci)].center)
            testing.key(app, pygame.K_v, frames=2)
            save_window(app, out / "arcana_card_view.png")


def shot_feed(out: Path) -> None:
    """A 3-player game against rule bots, played at random for seat 0 until the feed is full."""
    app = testing.make_app(window_size=(1600, 900), skip_animations=True)
    seats = [Seat("human", name=NAMES[0])] + [Seat("bot", "rule", name=n) for n in NAMES[1:3]]
    sess = GameSession(3, seats, 11, {"preset": "random"}, presets=None, game="arcana")
    table = TableScene(config(), sess)
    app.push(table)
    rng = random.Random(11)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        testing.step(app, 1)
        lift_curtain(app)
        if table.my_turn and app.stack.top is table:
            st = sess.state
            if st.round >= 3 and st.decision_name() == "action":
                break
            legal = st.legal_actions()
            table.submit(legal[rng.randrange(len(legal))])
        time.sleep(0.001)
    testing.move(app, (4, 890), frames=3)
    save_window(app, out / "arcana_move_feed.png")


def shot_look(out: Path) -> None:
    """"Look at 3": the last peeked card held and dragged to the top slot (the others make room)."""
    st = next(s for s in (walk(2, seed, lambda s: s.to_move() == 0 and s.decision_name() == "order")
                          for seed in range(400)) if s is not None)
    app, table = table_on(st, 2, (1600, 900))
    rects = [r for _, r in table._order_rects(table.view())]
    testing.press(app, rects[-1].center)
    for x in range(rects[-1].centerx - 20, rects[0].centerx - 1, -20):
        testing.move(app, (x, rects[-1].centery), frames=1)
    testing.step(app, 2)
    save_window(app, out / "arcana_look_drag.png")


SHOTS = {"collect": shot_collect, "crowded": shot_crowded, "feed": shot_feed, "look": shot_look}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--only", choices=sorted(SHOTS), action="append")
    args = ap.parse_args(argv)
    for name in args.only or sorted(SHOTS):
        SHOTS[name](Path(args.out))


if __name__ == "__main__":
    main()
