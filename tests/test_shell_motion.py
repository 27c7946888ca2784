"""Spring-driven motion: settling, overshoot, chains, staggering, speed, skipping."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.shell.motion import MotionWorld, Token, spread, tokens_at  # noqa: E402

DT = 1 / 60


def run(world: MotionWorld, max_frames: int = 2000) -> int:
    """Frames until the world is idle."""
    for n in range(1, max_frames + 1):
        world.update(DT)
        if not world.busy:
            return n
    raise AssertionError("motion never settled")


def test_token_reaches_its_target_with_a_spring_not_a_linear_tween() -> None:
    world = MotionWorld()
    tok = world.token(None, (100, 100), 0)
    arrived: list[tuple[float, float]] = []
    tok.to((500, 100), 30, on_arrive=lambda: arrived.append(tok.pos))
    xs, speeds = [], []
    while world.busy:
        world.update(DT)
        xs.append(tok.pos[0])
        speeds.append(tok.speed)
        assert len(xs) < 600
    assert arrived and math.dist(arrived[0], (500, 100)) <= 1.0
    assert tok.pos == (500, 100) and tok.angle == pytest.approx(30)
    assert max(xs) > 505  # it overshoots, then comes back
    # the speed rises and falls (a linear tween would be constant)
    assert max(speeds) > 3 * speeds[-1] and speeds.index(max(speeds)) < len(speeds) // 2
    assert tok.velocity == (0.0, 0.0)


def test_an_arc_makes_a_curved_path() -> None:
    world = MotionWorld()
    tok = world.token(None, (0, 0))
    tok.to((400, 0), arc=0.4)
    ys = []
    while world.busy:
        world.update(DT)
        ys.append(tok.pos[1])
    assert max(abs(y) for y in ys) > 30 and tok.pos == (400, 0)


def test_faster_speed_settles_in_fewer_frames_with_the_same_simulated_curve() -> None:
    frames, sim = {}, {}
    for speed in (1.0, 2.0, 4.0):
        world = MotionWorld(speed)
        world.token(None, (0, 0)).to((600, 300))
        frames[speed] = run(world)
        sim[speed] = world.time
    assert frames[2.0] < 0.6 * frames[1.0] and frames[4.0] < 0.6 * frames[2.0]
    assert sim[2.0] == pytest.approx(sim[1.0], abs=0.05) and sim[4.0] == pytest.approx(sim[1.0], abs=0.05)


def test_duration_sets_how_long_a_move_takes() -> None:
    slow, quick = MotionWorld(), MotionWorld()
    slow.token(None, (0, 0), duration=1.2).to((400, 0))
    quick.token(None, (0, 0), duration=0.3).to((400, 0))
    assert run(quick) < 0.5 * run(slow)


def test_chained_legs_change_layer_and_clip_and_fire_in_order() -> None:
    world = MotionWorld()
    card = world.token(pygame.Surface((20, 30)), (0, 0), layer=2)
    board_top = pygame.Rect(0, 0, 800, 200)
    events: list[str] = []
    layers_during_leg2: set[int] = set()
    card.to((300, 180), on_arrive=lambda: events.append(f"slot layer={card.layer}"))
    card.to((300, 240), layer=-1, clip=board_top, on_arrive=lambda: events.append("under"))
    while world.busy:
        world.update(DT)
        if events:
            layers_during_leg2.add(card.layer)
    assert events == ["slot layer=2", "under"]
    assert layers_during_leg2 == {-1} and card.clip == board_top and card.pos == (300, 240)
    assert world.drawn_order(max_layer=-1) == [card] and world.drawn_order(min_layer=0) == []


def test_stagger_sends_tokens_one_after_another() -> None:
    world = MotionWorld()
    coins = [Token(None, (0, 0), name=f"c{i}") for i in range(5)]
    targets = spread((500, 200), 5, 30)
    order: list[str] = []
    done: list[bool] = []
    group = world.stagger(coins, targets, 0.1, on_each=lambda t: order.append(t.name),
                          on_done=lambda: done.append(True))
    world.update(0.05)
    moved = [c.pos != (0.0, 0.0) for c in coins]
    assert moved == [True, False, False, False, False]
    run(world)
    assert order == ["c0", "c1", "c2", "c3", "c4"] and done == [True] and group.done
    assert [c.pos for c in coins] == [pytest.approx(t) for t in targets]


def test_skip_all_snaps_everything_and_fires_callbacks_in_scheduled_order() -> None:
    world = MotionWorld()
    log: list[str] = []
    a = world.token(None, (0, 0), name="a")
    b = world.token(None, (0, 0), name="b")
    a.to((100, 0), on_arrive=lambda: log.append("a1")).to((100, 100), 90, on_arrive=lambda: log.append("a2"))
    b.to((0, 500), delay=2.0, on_arrive=lambda: log.append("b1"))
    world.after(5.0, lambda: log.append("timer"))
    world.stagger([Token(None), Token(None)], [(1, 1), (2, 2)], 0.5, on_each=lambda t: log.append("coin"),
                  on_done=lambda: log.append("coins done"))
    world.when_idle(lambda: log.append("idle"))
    world.update(DT)
    assert world.busy and log == []
    world.skip_all()
    assert log == ["a1", "a2", "b1", "timer", "coin", "coin", "coins done", "idle"]
    assert not world.busy
    assert a.pos == (100, 100) and a.angle == pytest.approx(90) and b.pos == (0, 500)


def test_skip_all_also_finishes_motion_planned_by_callbacks() -> None:
    world = MotionWorld()
    tok = world.token(None, (0, 0))
    log: list[str] = []
    tok.to((10, 0), on_arrive=lambda: tok.to((20, 0), on_arrive=lambda: log.append("second")))
    world.skip_all()
    assert log == ["second"] and tok.pos == (20, 0) and not world.busy


def test_instant_mode_finishes_moves_on_the_next_update() -> None:
    world = MotionWorld(instant=True)
    tok = world.token(None, (0, 0))
    log: list[str] = []
    tok.to((300, 300), on_arrive=lambda: log.append("there"))
    assert world.busy
    world.update(DT)
    assert log == ["there"] and tok.pos == (300, 300) and not world.busy


def test_remove_on_arrival_and_move_to_forgets_the_plan() -> None:
    world = MotionWorld()
    gone = world.token(None, (0, 0))
    gone.to((50, 0), remove=True)
    run(world)
    assert gone not in world.tokens and gone.world is None
    tok = world.token(None, (0, 0))
    log: list[str] = []
    tok.to((100, 0), on_arrive=lambda: log.append("old")).to((0, 100), on_arrive=lambda: log.append("old2"))
    world.update(DT)
    tok.move_to((-100, 0), on_arrive=lambda: log.append("new"))
    run(world)
    assert log == ["new"] and tok.pos == (-100, 0)


def test_delays_and_timers_count_simulated_time() -> None:
    world = MotionWorld(speed=2.0)
    fired: list[float] = []
    world.after(1.0, lambda: fired.append(world.time))
    frames = run(world)
    assert fired and fired[0] == pytest.approx(1.0, abs=0.01)
    assert frames == pytest.approx(30, abs=1)  # 1 simulated second at double speed = half a real second


def test_drawing_respects_layers_visibility_and_clip() -> None:
    world = MotionWorld()
    red, blue = pygame.Surface((20, 20)), pygame.Surface((20, 20))
    red.fill((255, 0, 0))
    blue.fill((0, 0, 255))
    top = world.token(red, (50, 50), layer=1)
    world.token(blue, (50, 50), layer=0)
    clipped = world.token(blue, (150, 50), layer=0)
    clipped.clip = pygame.Rect(0, 0, 150, 100)  # only the left half shows
    canvas = pygame.Surface((200, 100))
    world.draw(canvas)
    assert canvas.get_at((50, 50))[:3] == (255, 0, 0)
    assert canvas.get_at((145, 50))[:3] == (0, 0, 255) and canvas.get_at((155, 50))[:3] == (0, 0, 0)
    top.visible = False
    canvas.fill((0, 0, 0))
    world.draw(canvas)
    assert canvas.get_at((50, 50))[:3] == (0, 0, 255)
    assert list(tokens_at(world, (50, 50)))[0].layer == 0


def test_stagger_needs_as_many_targets_as_tokens() -> None:
    with pytest.raises(ValueError, match="3 tokens but 2 targets"):
        MotionWorld().stagger([Token(None)] * 3, [(0, 0), (1, 1)])
