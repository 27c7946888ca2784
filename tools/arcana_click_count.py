"""Count the mouse clicks one round of Res Arcana takes at the table, played by a scripted mouse.

Run from the project root: ``python tools/arcana_click_count.py [--seeds 1 2 3 4] [--round 2]
[--repo PATH]``. For each seed a 2-player game (first-game deal) is played headless in the real table
scene: seat 0 by the mouse, seat 1 by the rule bot. Seat 0's every decision is the rule bot's choice
(its random generator seeded by the seed and the move number), so two versions of the table play the
same moves and only the clicks differ. The script finds the fewest clicks this table offers for each
move: a button or the card that carries it, then Confirm where a preview asks for one; - and + to set a
payment or a gain to the chosen one; the collect panel's controls and its one Collect. Clicks are
counted from seat 0's first decision of ``--round`` to the first decision of the next round.

``--repo PATH`` measures another checkout of the project (an older table, for a before/after figure):
its code is imported instead of this one's; this script only drives it through the public scene.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("RECKONING_ARCANA_USER_DIR", tempfile.mkdtemp(prefix="arcana-clicks-"))
sys.dont_write_bytecode = True  # an older checkout measured with --repo is left as it was


class Counter:
    """The clicks given so far (mouse presses on a button or a card)."""

    def __init__(self, testing: Any) -> None:
        self.t = testing
        self.n = 0

    def widget(self, app: Any, w: Any) -> None:
        self.n += 1
        self.t.click_widget(app, w, frames=1)

    def at(self, app: Any, pos: tuple[int, int]) -> None:
        self.n += 1
        self.t.click(app, pos, frames=1)


def in_collect(state: Any) -> bool:
    from game.arcana.engine.state import T_TURN

    return state.decision_name() in ("essence", "take", "forge") and (T_TURN,) in state.tasks


def bot_choice(state: Any, seed: int, k: int) -> tuple:
    from game.arcana.bots import RuleAgent

    legal = state.legal_actions()
    return RuleAgent().decide(state, state.to_move(), legal, random.Random(seed * 100_003 + k))


def set_vector(app: Any, table: Any, c: Counter, current: Any, target: list[int], types: list[int],
               first_button: int = 0, after_plus: Any = None) -> None:
    """Click - and + (the ``first_button``-th pair on) until ``current()`` equals ``target``; + first where
    it brings the vector nearer (``after_plus(e)``: the vector a + on ``e`` makes, when + moves one over)."""
    def far(vec: Any) -> int:
        return sum(abs(a - b) for a, b in zip(vec, target))

    for _ in range(40):
        vec = current()
        if list(vec) == list(target):
            return
        minus = [b for b in table.buttons if b.text == "-"][first_button:first_button + len(types)]
        plus = [b for b in table.buttons if b.text == "+"][first_button:first_button + len(types)]
        over = [k for k, e in enumerate(types) if vec[e] > target[e]]
        under = [k for k, e in enumerate(types) if vec[e] < target[e]]
        nearer = under and (after_plus is None or far(after_plus(types[under[0]])) < far(vec))
        if nearer and plus[under[0]].enabled:
            c.widget(app, plus[under[0]])
        elif over:
            c.widget(app, minus[over[0]])
        else:
            raise RuntimeError(f"cannot set {list(vec)} to {target}")
    raise RuntimeError("the steppers did not reach the vector")


def do_collect_panel(app: Any, table: Any, c: Counter, seed: int) -> None:
    """The whole collect in its panel: each step set to the bot's choices, then Collect."""
    sess = table.s
    sim = sess.state.copy()
    wanted: list[tuple] = []
    while not sim.is_terminal() and sim.to_move() == 0 and in_collect(sim):
        a = bot_choice(sim, seed, len(sess.actions) + len(wanted))
        wanted.append(a)
        sim.apply(a)
    for _ in range(60):
        done, differs = 0, None
        for i, step in enumerate(table.collect_steps):  # the first step that differs from the bot's answers
            mine = step.actions()
            theirs = wanted[done:done + len(mine)]
            if (sorted(mine) != sorted(theirs)) if step.kind == "gain" else (mine != theirs):
                differs = (i, step, theirs)  # (the order of a gain's essences changes nothing)
                break
            done += len(mine)
        if differs is None:
            break
        fix_step(app, table, c, *differs)
    shown = sum(len(step.actions()) for step in table.collect_steps[:len(table.collect_rows)])
    before = len(sess.actions)
    c.widget(app, next(b for b in table.buttons if b.text == "Collect"))
    got = [sess.adapter.from_json(sess.state, a["action"]) for a in sess.actions[before:before + shown]]
    assert sorted(got) == sorted(wanted[:shown])


def fix_step(app: Any, table: Any, c: Counter, i: int, step: Any, theirs: list[tuple]) -> None:
    if step.kind == "gain":
        target = [sum(1 for a in theirs if a[1] == e) for e in range(5)]
        first = sum(len(s.allowed) for s in table.collect_steps[:i] if s.kind == "gain")
        from game.arcana.ui.collect import shift_gain

        set_vector(app, table, c, lambda: table.collect_steps[i].vec, target, list(step.allowed), first,
                   lambda e: shift_gain(table.collect_steps[i], e, 1))
        return
    label = {("take", 1): "Take", ("take", 0): "Leave", ("forge", 0): "Pay Death", ("forge", 1): "Tap it"}
    key = (step.kind, theirs[0][2] if step.kind == "take" else theirs[0][1])
    k = sum(1 for s in table.collect_steps[:i] if s.kind == step.kind)
    c.widget(app, [b for b in table.buttons if b.text == label[key]][k])


def do_gain_steppers(app: Any, table: Any, c: Counter, seed: int) -> None:
    """An older table's gain of several in one panel: set it to the bot's choices, then Gain."""
    sess = table.s
    sim = sess.state.copy()
    n = sum(table.ess_plan)
    wanted = []
    for _ in range(n):
        a = bot_choice(sim, seed, len(sess.actions) + len(wanted))
        wanted.append(a)
        sim.apply(a)
    allowed = [a[1] for a in sess.state.legal_actions()]
    target = [sum(1 for a in wanted if a[1] == e) for e in range(5)]
    set_vector(app, table, c, lambda: table.ess_plan, target, allowed)
    c.widget(app, next(b for b in table.buttons if b.text == "Gain"))


def do_action(app: Any, table: Any, c: Counter, action: tuple) -> None:
    """One move: the button that carries it, else the card that does (then its button), then Confirm."""
    from game.arcana.engine.state import K_ORDER, K_PAY, PERMS

    sess = table.s
    before = len(sess.actions)
    if action[0] == K_PAY:
        set_vector(app, table, c, lambda: table.pay_vec, list(action[1:6]), list(range(5)))
        c.widget(app, next(b for b in table.buttons if b.text == "Pay"))
    elif action[0] == K_ORDER:
        rects = [r for _, r in table._order_rects(table.view())]
        for i in PERMS[len(rects)][action[1]]:
            c.at(app, rects[i].center)
    else:
        button = next((b for b in table.buttons if getattr(b, "action", None) == action and b.enabled), None)
        if button is None:
            spot = next(sp for sp in reversed(table.spots) if action in sp.actions)
            c.at(app, spot.rect.center)
            if table.pending != action and len(sess.actions) == before:
                button = next(b for b in table.buttons if getattr(b, "action", None) == action and b.enabled)
                c.widget(app, button)
        else:
            c.widget(app, button)
    if len(sess.actions) == before:
        c.widget(app, next(b for b in table.buttons if b.text == "Confirm"))
    assert len(sess.actions) > before


def count_round(seed: int, rnd: int, preset: str = "first_game", collect_only: bool = False) -> int:
    """The clicks seat 0 gives in round ``rnd`` (0: the whole game; ``collect_only``: in its collects only)."""
    from game.arcana.ui import TableScene
    from game.core.config import load_config
    from game.core.session import GameSession, Seat
    from game.shell import testing

    cfg = load_config(user=False)
    cfg.ui["skip_animations"] = True
    cfg.ui["bot_delay"] = 0.0
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule", name="Bartholomew")], seed,
                       {"preset": preset}, presets=None, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    counting, c = Counter(testing), Counter(testing)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if sess.is_over():
            return c.n
        testing.step(app, 1)
        if not (table.my_turn and app.stack.top is table):
            time.sleep(0.001)
            continue
        st = sess.state
        if rnd and st.round > rnd:
            return c.n
        mouse = c if (not rnd or st.round == rnd) and (not collect_only or in_collect(st)) else counting
        if getattr(table, "collect_steps", None):
            do_collect_panel(app, table, mouse, seed)
        elif st.decision_name() == "essence" and getattr(table, "ess_plan", None) is not None and \
                any(b.text == "Gain" for b in table.buttons):
            do_gain_steppers(app, table, mouse, seed)
        else:
            do_action(app, table, mouse, bot_choice(st, seed, len(sess.actions)))
    raise RuntimeError(f"seed {seed}: the game did not get there in time")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    ap.add_argument("--round", type=int, default=2, help="the round counted (0: the whole game)")
    ap.add_argument("--preset", default="first_game", choices=("first_game", "random"))
    ap.add_argument("--collect-only", action="store_true", help="count only the clicks of the collect steps")
    ap.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]))
    args = ap.parse_args(argv)
    sys.path.insert(0, str(Path(args.repo).resolve()))
    total = 0
    for seed in args.seeds:
        n = count_round(seed, args.round, args.preset, args.collect_only)
        total += n
        what = ("collect " if args.collect_only else "") + (f"round {args.round}" if args.round else "the whole game")
        print(f"seed {seed}: {n} clicks in {what}")
    print(f"total {total} clicks over {len(args.seeds)} seeds ({args.repo})")


if __name__ == "__main__":
    main()
