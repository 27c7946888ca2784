"""What a play-tester found hard to read at the Realm table (issue 22), each pinned by a test that fails
without its fix: no cut words (Warden Hall's options, the overlays' rows), the move feed over nothing a player
needs, the age's end told as what the monuments scored, icons large enough, numbers that say what they are."""

from __future__ import annotations

import random

import pygame

from game.core.session import GameSession, Seat
from game.realm.ui.main import TableScene
from game.shell import testing
from game.shell.scene import ModalScene

CUT = "\u2026"


def _session_at(pred, players: int = 4, seed: int = 3, tries: int = 40) -> GameSession:
    """An all-human session played by random legal moves until ``pred(state)`` holds."""
    for k in range(tries):
        sess = GameSession(players, [Seat("human", name=f"P{i + 1}") for i in range(players)], seed=seed + k)
        rng = random.Random(seed + k)
        while not sess.is_over():
            if pred(sess.state):
                return sess
            sess.submit(rng.choice(sess.state.legal_actions()))
        if pred(sess.state):
            return sess
    raise AssertionError("no position found")


def _warden_hall_free(st) -> bool:
    return st.decision_name() == "monument" and any(
        a[0] == "monument" and len(st.c.spaces[a[1]].options) > 1 for a in st.legal_actions())


def _table(cfg, sess: GameSession, window: tuple[int, int]):
    app = testing.make_app(window_size=window, skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 3)
    while isinstance(app.stack.top, ModalScene):  # the pass-and-play curtain
        testing.click_widget(app, testing.find_widget(app, "I am ready"))
        testing.step(app, 2)
    return app, scene


def test_warden_halls_options_read_whole_and_wait_for_confirm_like_every_other_choice(cfg) -> None:
    sess = _session_at(_warden_hall_free)
    st = sess.state
    a = next(a for a in st.legal_actions() if a[0] == "monument" and len(st.c.spaces[a[1]].options) > 1)
    for window in ((1280, 720), (1600, 900)):
        app, scene = _table(cfg, sess, window)
        spot = next(h for h in scene.hotspots if (h.kind, h.value) == ("space", a[1]))
        testing.click(app, spot.rect.center)
        testing.step(app, 2)
        assert app.stack.top is scene, "no dialog: the options are the table's own option buttons"
        names = [o["name"] for o in st.c.spaces[a[1]].options]
        options = [b for b in scene.buttons if any(b.text.startswith(n) for n in names)]
        assert len(options) == len(names)
        drawn = " | ".join(t.text for t in app.last_frame_texts)
        for n in names:  # e.g. "Understanding + Equity + Dominion": every word of it on the screen
            assert all(w in drawn for w in n.split()), (n, drawn)
        assert not [t.text for t in app.last_frame_texts if t.text.endswith(CUT)
                    and any(b.rect.colliderect(t.rect) for b in options)]
        before = len(sess.actions)
        testing.click(app, options[a[2]].rect.center)
        testing.step(app, 2)
        assert scene.pending == a and len(sess.actions) == before, "a choice is previewed, not applied"
        assert ("space", a[1]) == scene.pending_spot  # the space stays lit while Confirm waits
        if window == (1600, 900):
            testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
            testing.step(app, 2)
            assert len(sess.actions) == before + 1 and sess.actions[-1]["action"]["type"] == "monument"


# ------------------------------------------------------------------ no words cut, in the overlays too
def cut_texts(items, deliberate: tuple[str, ...] = ("thinking\u2026", "Hint\u2026")) -> list[str]:
    """Texts drawn cut with an ellipsis (the fit tests' hole: they looked only for text leaving its box, and
    a cut string stays inside it); a bot's "thinking…" and the waiting "Hint…" are not cuts."""
    return [d.text for d in items if d.text.endswith(CUT) and not d.text.endswith(deliberate)]


def test_control_cut_texts_finds_a_cut_and_passes_a_deliberate_ellipsis() -> None:
    from game.shell.text import DrawnText

    box = pygame.Rect(0, 0, 100, 20)
    assert cut_texts([DrawnText("Radiance + Guid\u2026", box), DrawnText("P2 is thinking\u2026", box)]) \
        == ["Radiance + Guid\u2026"]


def _overlay_frame(cfg, window, make_scene) -> list:
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints

    app = testing.make_app(window_size=window, skip_animations=True)
    s = new_game(4, seed=7)
    names = ["You", "The Remnants (normal)", "The Archivists (normal)", "Bartholomew the Long-Named (hard)"]
    app.push(make_scene(TableRenderer(s.c), s, s.view(0), UIHints(seat_names=names)))
    testing.step(app, 3)
    if hasattr(app.stack.top, "skip"):
        app.stack.top.skip()
    testing.step(app, 2)
    return list(app.last_frame_texts)


def _longest_rows(c, r) -> tuple:
    """The reward card whose rows read longest in words (such as "last place: −1 VP, −1 coin, −1 acolyte")."""
    return max(c.rewards, key=lambda card: max(len(r.row_text(row)) for row in card.rows))


def test_a_reckonings_rows_and_names_read_whole(cfg) -> None:
    from game.realm.ui.overlays import ReckoningReport, ReckoningScene

    def scene(r, s, view, hints):
        card = _longest_rows(s.c, r)
        rk = ReckoningReport(region=0, final=False, starter=0, reward=card.id, bids=[3, 2, 1, 0], order=[0, 1, 2, 3])
        rk.rows = {p: min(p, len(card.rows) - 1) if p < 3 else len(card.rows) - 1 for p in range(4)}
        return ReckoningScene(r, view, hints, rk)

    for window in ((1280, 720), (1600, 900)):
        items = _overlay_frame(cfg, window, scene)
        assert not cut_texts(items), cut_texts(items)
        assert any("last place" in d.text for d in items)  # the long row is drawn, whole
        assert not [d.text for d in items if d.overflows(pygame.Rect(0, 0, 1600, 900))]


def test_the_age_scoring_names_every_monument_and_option_whole(cfg) -> None:
    from game.realm.ui.overlays import AgeScoringScene

    def scene(r, s, view, hints):
        hall = next(sp for sp in s.c.spaces if len(sp.options) > 1)
        longest = max(range(len(hall.options)), key=lambda k: len(hall.options[k]["name"]))
        view = dict(view, monuments=[{"option": longest, "player": 0} if i == hall.index else None
                                     for i in range(len(s.c.spaces))])
        gains = [[hall.index, 8, 0, 0, -3], [0, 2, 0, 0, 0]]
        return AgeScoringScene(r, view, hints, 2, gains, [7, 3, 1, 8])

    for window in ((1280, 720), (1600, 900)):
        items = _overlay_frame(cfg, window, scene)
        assert not cut_texts(items), cut_texts(items)
        assert any(d.text.startswith("Warden Hall (") and d.text.endswith("Dominion)") for d in items) or \
            any("Dominion)" in d.text for d in items), [d.text for d in items]


# ------------------------------------------------------------------ the age's end in words
def test_the_age_end_line_says_what_the_monuments_scored_and_labels_the_totals() -> None:
    from game.realm.ui.words import age_scored_text

    names = ["You", "The Remnants", "The Archivists", "The Watchers"]
    event = {"type": "age_scored", "gains": [[3, 2, 0, 0, 0], [7, 0, 0, 0, -3]], "scores": [9, 3, 1, 5]}
    line = age_scored_text(event, names.__getitem__)
    assert "scored this age: You +2, The Remnants 0, The Archivists 0, The Watchers \u22123" in line
    assert "Totals now: You 9, The Remnants 3, The Archivists 1, The Watchers 5" in line
    assert "You 9" not in line.split("Totals")[0]  # control: the old line gave the totals as what was scored


def test_the_age_end_line_of_a_real_game_adds_up() -> None:
    from game.realm.engine import new_game
    from game.realm.ui.words import event_text

    s = new_game(3, seed=5)
    s.events = []
    rng = random.Random(5)
    while not any(e["type"] == "age_scored" for e in s.events):
        s.apply(rng.choice(s.legal_actions()))
    scored = next(e for e in s.events if e["type"] == "age_scored")
    line = event_text(s.c, scored, ["A", "B", "C"].__getitem__)
    per_seat = [sum(g[1 + p] for g in scored["gains"]) for p in range(3)]
    assert line.startswith("Monuments scored this age: ") and f"Totals now: A {scored['scores'][0]}" in line
    assert all(f"{n} {'+' if k > 0 else ''}{k}".replace("-", "\u2212") in line for n, k in zip("ABC", per_seat))


# ------------------------------------------------------------------ the move feed covers nothing
def _things_a_player_reads(players: int, seed: int, every: int = 9):
    """The rects of everything the table draws that a player reads (hand cards, the first player card, the
    legend, the supply, the mercenaries, the regions, the boards, ...), over a seeded all-bot game, each
    drawing seen from the seat to move."""
    from game.realm.bots import fast_policy
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints

    testing.use_dummy_drivers()
    pygame.font.init()
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    r = TableRenderer(s.c)
    surf = pygame.Surface((1600, 900))
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            for h in r.draw(surf, s.view(s.to_move()), UIHints()):
                yield h.kind, pygame.Rect(h.rect)
        s.apply_unchecked(fast_policy(s, rng))
        step += 1


def feed_overlaps(feed: pygame.Rect, players: int, seed: int) -> set[str]:
    return {kind for kind, rect in _things_a_player_reads(players, seed) if rect.colliderect(feed)}


def test_the_move_feed_covers_nothing_a_player_reads() -> None:
    from game.realm.ui.table import LEGEND_RECT, SUPPLY_RECT
    from game.realm.ui.table_scene import TableScene

    seen: set[str] = set()
    assert not TableScene.feed_rect.collidelistall([LEGEND_RECT, SUPPLY_RECT])  # the panels round it, whole
    for players, seed in ((4, 13), (5, 14)):
        assert not feed_overlaps(TableScene.feed_rect, players, seed)
        seen |= {kind for kind, _r in _things_a_player_reads(players, seed)}
    assert {"card", "fp", "legend", "supply", "merc"} <= seen  # what it was checked against was drawn
    # control: where the play-tester saw it, the feed lay over a fifth card and the first player card
    assert {"card", "fp"} & feed_overlaps(pygame.Rect(588, 752, 408, 80), 4, 13)


def test_the_feed_waits_while_a_decisions_menu_is_up_and_shows_otherwise(cfg) -> None:
    sess = _session_at(lambda st: st.decision_name() == "tuck")
    app, scene = _table(cfg, sess, (1280, 720))
    scene.feed.add("The Watchers takes the Dominion artifact from The Remnants")
    testing.step(app, 2)
    assert scene.options_rect is not None and scene.feed_area() is None  # the tuck menu is up
    assert "Dominion artifact" not in " ".join(t.text for t in app.last_frame_texts)
    scene.options_rect = None  # control: without the menu the same line shows, where the feed goes
    assert scene.feed_area() == scene.feed_rect
    assert pygame.Rect(0, 0, 1600, 900).contains(scene.feed_rect)


# ------------------------------------------------------------------ card icons large enough to read
SCALE_1280 = 1280 / 1600  # the logical canvas is 1600x900, scaled into the window


def _hand_card_icon_sizes(monkeypatch) -> list[tuple[str, int]]:
    """(icon, logical size) of every icon drawn on every card of the deck as the hand draws it."""
    from game.realm.engine import load_content
    from game.realm.ui import table as T

    testing.use_dummy_drivers()
    pygame.font.init()
    drawn: list[tuple[str, int]] = []
    real = T.draw_icon
    monkeypatch.setattr(T, "draw_icon", lambda surf, name, centre, size, fg: (drawn.append((name, size)),
                                                                              real(surf, name, centre, size, fg)))
    content = load_content()
    r = T.TableRenderer(content)
    surf = pygame.Surface((400, 300))
    for cd in content.cards:
        r.draw_card(surf, pygame.Rect(10, 10, T.CARD_W, T.CARD_H), cd.id)
    return drawn


def test_a_hand_cards_icons_are_at_least_14_px_at_1280x720(monkeypatch) -> None:
    drawn = _hand_card_icon_sizes(monkeypatch)
    assert {"open_eye", "closed_eye", "influence"} <= {name for name, _ in drawn}
    small = sorted({(name, size) for name, size in drawn if size * SCALE_1280 < 14})
    assert not small, small
    assert 16 * SCALE_1280 < 14  # control: the play-tester's 16 logical px were under 14 px at 1280x720


def test_the_open_and_the_closed_eye_differ_at_a_glance() -> None:
    from game.realm.ui.icons import OUTLINE, draw_icon

    bg = (236, 224, 196)
    ink = {}
    centre = {}
    for name in ("open_eye", "closed_eye"):
        img = pygame.Surface((30, 30))
        img.fill(bg)
        draw_icon(img, name, (15, 15), 18, (70, 110, 200))
        ink[name] = sum(1 for x in range(30) for y in range(30) if img.get_at((x, y))[:3] != bg)
        centre[name] = tuple(img.get_at((15, 15)))[:3]
    assert centre["open_eye"] == OUTLINE and centre["closed_eye"] == bg  # a dark iris; a shut eye has none
    assert ink["open_eye"] > 1.5 * ink["closed_eye"], ink  # solid, against lines only


# ------------------------------------------------------------------ a board's numbers say what they are
def test_a_tight_stacks_label_shows_icons_only_so_the_band_holds_the_one_influence_number(monkeypatch) -> None:
    from game.realm.engine import load_content
    from game.realm.ui import table as T

    testing.use_dummy_drivers()
    pygame.font.init()
    content = load_content()
    r = T.TableRenderer(content)
    drawn: list[str] = []
    monkeypatch.setattr(T, "draw_icon", lambda surf, name, *rest: drawn.append(name))
    both = [cd for cd in content.cards if cd.halves[0].influence and cd.halves[0].icons][:4]
    stack = [{"card": cd.id, "pillar": 0, "side": 0} for cd in both]
    surf = pygame.Surface((600, 300))
    spots: list = []
    r._stack(surf, pygame.Rect(10, 10, 100, 68), pygame.Rect(10, 34, 100, 20), 0, stack, (0, 0), spots)
    assert any(h.kind == "stack_icons" for h in spots)  # tight: its icons on a label
    assert drawn and "influence" not in drawn  # the icons of the stack, no count of its arrows
    assert any(cd.halves[0].influence for cd in both)  # control: the stack has arrows a label could count


def test_every_boards_resource_numbers_are_labelled() -> None:
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints, board_rect
    from game.shell.text import registry

    testing.use_dummy_drivers()
    pygame.font.init()
    for players in (2, 5):
        s = new_game(players, seed=4)
        registry.begin_frame()
        TableRenderer(s.c).draw(pygame.Surface((1600, 900)), s.view(0), UIHints())
        for p in range(players):
            board = board_rect(players, p)
            words = {d.text for d in registry.items if board.contains(d.rect)}
            assert {"coins", "mercs", "reserve", "wardens"} <= words, (players, p, words)


# ------------------------------------------------------------------ small things
def test_the_reward_card_in_preview_is_lit_while_confirm_waits() -> None:
    from game.realm.engine import load_content
    from game.realm.ui import look as L
    from game.realm.ui.table import TableRenderer, UIHints

    testing.use_dummy_drivers()
    pygame.font.init()
    content = load_content()
    r = TableRenderer(content)
    rid = content.rewards[0].id
    card = pygame.Rect(50, 50, 150, 150)
    edge = (card.centerx, card.y - 2)  # on the frame drawn round the card
    lit = {}
    for name, chosen in (("chosen", {("reward", rid)}), ("choosable", set())):
        surf = pygame.Surface((300, 300))
        r.draw_reward(surf, card, rid, {"reckoning": None}, UIHints(choosable={("reward", rid)}, chosen=chosen), [],
                      active=False)
        lit[name] = tuple(surf.get_at(edge))[:3]
    assert lit["chosen"] == L.GOOD and lit["choosable"] != L.GOOD, lit  # control: a choosable card is not lit so


def test_spread_parts_end_marks_that_sit_on_each_other_and_keeps_their_order() -> None:
    from game.realm.ui.results import spread

    ys = [200, 203, 120, 201]  # "Gu" and "Re" ended level on the play-tester's chart
    out = spread(ys, 24, 50, 280)
    ordered = sorted(range(4), key=lambda i: ys[i])
    assert [out[i] for i in ordered] == sorted(out)
    assert all(b - a >= 24 for a, b in zip(sorted(out), sorted(out)[1:]))
    assert out[2] == 120  # a mark with room keeps its place
    assert spread([270, 275, 279], 24, 50, 280)[2] <= 280  # pushed up rather than off the chart's foot


def test_the_results_charts_end_marks_do_not_overlap(cfg) -> None:
    from game.realm.ui.main import ResultsScene

    sess = _session_at(lambda st: st.is_terminal() and len(set(st.age_scores[-1])) < st.n, players=4, seed=9)
    app = testing.make_app(skip_animations=True)
    app.push(ResultsScene(cfg, sess))
    testing.step(app, 3)
    chart = app.stack.top.chart
    letters = ("Gu", "Re", "Ar", "Wa", "Ve")
    marks = [d.rect for d in app.last_frame_texts if chart.contains(d.rect) and d.text in letters]
    assert len(marks) == 4
    assert not [(a, b) for i, a in enumerate(marks) for b in marks[i + 1:] if a.colliderect(b)], marks


def test_the_feed_shows_a_long_line_whole_in_its_place(cfg) -> None:
    """The feed draws only lines that fit its place whole: its place holds the longest usual line (a
    payment with an artifact's card named), or the feed would show nothing at all."""
    sess = _session_at(lambda st: st.decision_name() == "place")
    app, scene = _table(cfg, sess, (1280, 720))
    line = "The Veil Wardens pays 3 coins, 1 acolyte, 2 Equity influence, Forest Pathfinder (Guidance) for a bid of 4"
    scene.feed.add(line)
    testing.step(app, 2)
    assert scene.feed_area() == scene.feed_rect
    drawn = [t for t in app.last_frame_texts if scene.feed_rect.contains(t.rect)]
    assert " ".join(t.text for t in drawn) == line  # control: at 78 px tall this line was not drawn at all


def test_a_reckoning_row_with_long_gains_grows_and_shows_every_word_at_13_px(cfg) -> None:
    """Played by mouse: the Archivists' row (a Dominion artifact acolyte, three "+1 acolyte in Shattered Ward")
    took three lines in a two-line row at 11 px and its end was dropped. Repeats fold and the row grows."""
    from game.realm.ui.overlays import ReckoningReport, ReckoningScene
    from game.shell.text import line_height

    notes = [f"Dominion artifact: +1 acolyte in Shattered Ward; builds on {k} Track" for k in
             ("Guidance", "Radiance", "Understanding", "Equity", "Dominion")]

    def scene(r, s, view, hints):
        card = _longest_rows(s.c, r)
        rk = ReckoningReport(region=0, final=False, starter=0, reward=card.id, bids=[3, 2, 1, 0], order=[0, 1, 2, 3])
        rk.rows = {p: min(p, len(card.rows) - 1) for p in range(4)}
        rk.paid = {0: "1 acolyte, 1 Guidance warden discarded (3 bids), 1 Dominion warden discarded (3 bids)"}
        rk.effects = {0: notes}
        return ReckoningScene(r, view, hints, rk)

    for window in ((1280, 720), (1600, 900)):
        items = _overlay_frame(cfg, window, scene)
        drawn = " ".join(d.text for d in items)
        for note in notes:  # every note is drawn, to its last word
            assert all(word in drawn for word in note.split()), note
        assert drawn.count("Dominion Track") == 1
        small = [d.text for d in items if d.text.strip() and d.rect.h < line_height(13)]
        assert not small, small


def test_a_reckonings_repeated_gains_are_told_once() -> None:
    from game.realm.ui.overlays import fold_notes

    assert fold_notes(["+1 acolyte in Shattered Ward"] * 3 + ["+1 coin"]) == ["+3 acolytes in Shattered Ward",
                                                                              "+1 coin"]
    assert fold_notes(["-1 mercenary", "-1 mercenary"]) == ["-2 mercenaries"]
    assert fold_notes(["takes the Equity artifact", "takes the Equity artifact"]) == [
        "takes the Equity artifact (\u00d72)"]
    assert fold_notes(["+1 VP", "+2 coins"]) == ["+1 VP", "+2 coins"]  # nothing repeated: unchanged
