"""The Realm of Reckoning window: title, new game, the table, results.

Scenes read a seat's view and submit actions through the session; they never
change the engine's state themselves. Bots think in the worker thread.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pygame

from game.core.session import GameSession, Seat
from game.shell import paths
from game.shell.rules import open_rules, rules_path
from game.shell.scene import Scene, WidgetScene
from game.shell.text import fit, wrap
from game.shell.text import registry as text_registry
from game.shell.textinput import TextInput
from game.shell.title import autosave_of, presets
from game.shell.widgets import Button, Choice, Label, ScrollList

from ..engine import IllegalAction
from ..engine.state import coin_bids
from . import look as L
from .overlays import AgeScoringScene, ReckoningCollector, ReckoningScene
from .table import TableRenderer, UIHints, board_rect
from .words import action_words, card_name, event_text, merc_name


def _canvas(size: tuple[int, int]) -> pygame.Surface:
    image = pygame.Surface(size)
    return image.convert() if pygame.display.get_surface() else image


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` without anything private (hand, mercenaries, selection, hands seen in the draft)."""
    return dict(view, hand=[], mercenaries=[], selected=None, known_hands={})


_presets = presets


LAST_SETUP = "realm_last_setup.json"


def _load_last_setup() -> dict[str, Any]:
    """The seats of the last game started (players, kinds, factions), or {} when there is none."""
    try:
        data = json.loads((paths.user_data_dir() / LAST_SETUP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_last_setup(data: dict[str, Any]) -> None:
    """Written to a temporary file and renamed, so a crash never leaves half a file."""
    with contextlib.suppress(OSError):  # remembering the seats is a convenience: a read-only folder must not
        paths.write_text_atomic(paths.user_data_dir() / LAST_SETUP, json.dumps(data))  # stop the game


class SetupScene(WidgetScene):
    KINDS = ("human", "easy", "normal", "hard", "expert")
    KIND_LABELS = ("Human", "Bot: easy", "Bot: normal", "Bot: hard", "Bot: expert")
    FACTIONS = ("random", "guilded", "watchers", "archivists", "remnants", "veil_wardens")

    def __init__(self, cfg: Any, game: Any = None) -> None:
        super().__init__()
        self.cfg = cfg
        last = _load_last_setup()
        kinds = [k if k in self.KINDS else "normal" for k in last.get("kinds", [])]
        facs = [f if f in self.FACTIONS else "random" for f in last.get("factions", [])]
        players = last.get("players") if last.get("players") in (2, 3, 4, 5) else cfg.game.players
        self.add(Label("New game of Realm of Reckoning", (0, 100, 1600, 50), size="title", display=True,
                       align="center"))
        self.players = self.add(Choice((640, 180, 320, 44), [2, 3, 4, 5], index=players - 2,
                                       label="Players"))
        self.seat_choices = []
        faction_labels = ["Random faction"] + [f"{_FACTION_NAMES[f]} ({_FACTION_PILLAR[f]})"
                                               for f in self.FACTIONS[1:]]
        self.seat_labels = []
        for i in range(5):
            y = 250 + i * 60
            self.seat_labels.append(self.add(Label(f"Player {i + 1}", (440, y + 10, 110, 30), size="body")))
            k = self.KINDS.index(kinds[i]) if i < len(kinds) else (0 if i == 0 else 2)
            kind = self.add(Choice((560, y, 260, 44), list(self.KINDS), index=k, labels=list(self.KIND_LABELS),
                                   tooltip="A human at this screen, or a bot: easy, normal or hard"))
            f = self.FACTIONS.index(facs[i]) if i < len(facs) else 0
            fac = self.add(Choice((840, y, 340, 44), list(self.FACTIONS), index=f, labels=faction_labels,
                                  tooltip="The faction this player plays (and its home pillar)"))
            self.seat_choices.append((kind, fac))
        self.add(Label("Seed", (470, 560), size="body"))
        self.seed = self.add(TextInput((560, 550, 260, 44), str(cfg.game.seed or ""), placeholder="random",
                                       allowed="0123456789", max_len=9,
                                       tooltip="Optional: the same seed and seats deal the same game again"))
        self.add(Label("empty = a new deal each time", (840, 560), size="small", colour="text_dim"))
        self.add(Button("Start", (700, 620, 200, 54), self.start, shortcut=pygame.K_RETURN, style="primary"))
        self.add(Button("Back", (700, 686, 200, 44), lambda: self.close(), shortcut=pygame.K_ESCAPE))

    def update(self, dt: float) -> None:
        super().update(dt)
        n = int(self.players.value)
        for i, (label, (kind, fac)) in enumerate(zip(self.seat_labels, self.seat_choices)):
            label.visible = kind.visible = fac.visible = i < n  # only the seats that play

    def start(self) -> None:
        n = int(self.players.value)
        seats = []
        factions = []
        for kind, fac in self.seat_choices[:n]:
            k = kind.value
            seats.append(Seat("human") if k == "human" else Seat("bot", k))
            factions.append(fac.value)
        chosen = [f for f in factions if f != "random"]
        if len(set(chosen)) != len(chosen):
            self.app.show_error("Each faction can be played by one player only.")
            return
        _save_last_setup({"players": n, "kinds": [k.value for k, _f in self.seat_choices],
                          "factions": [f.value for _k, f in self.seat_choices]})
        seed = int(self.seed.value) if self.seed.value.strip() else random.randrange(1, 10**9)
        sess = GameSession(n, seats, seed, {"factions": factions}, presets=_presets(self.cfg), game="realm")
        self.app.replace(TableScene(self.cfg, sess))


_FACTION_NAMES = {"guilded": "The Guilded", "watchers": "The Watchers", "archivists": "The Archivists",
                  "remnants": "The Remnants", "veil_wardens": "The Veil Wardens"}
_FACTION_PILLAR = {"guilded": "Equity", "watchers": "Understanding", "archivists": "Guidance",
                   "remnants": "Dominion", "veil_wardens": "Radiance"}


class TableScene(Scene):
    """The game table for one session."""

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        self.r = TableRenderer(session.content)
        self.hotspots: list[Any] = []
        self.buttons: list[Button] = []
        self.viewer = self._default_viewer()
        self.curtain_for: int | None = None
        self.shown_events = 0
        self.log = ScrollList((1010, 52, 574, 840), title="Game log", max_items=cfg.ui.log_lines)
        self.show_log = False
        self.bid_value = 0
        self.bid_key: tuple | None = None
        self.last_round = (0, 0)
        self.bot_wait = 0.0
        self.finished = False
        self.pay: dict[str, Any] | None = None
        self.pay_rows: list[tuple[str, tuple[int, int]]] = []
        self.human_turn = False
        self.options_rect: pygame.Rect | None = None  # the panel behind option buttons
        self._cache: tuple | None = None  # (key, drawn table, hotspots, drawn texts): the table is redrawn on change
        self.pending: tuple | None = None  # a chosen move shown in preview, waiting for Confirm
        self.pending_spot: tuple[str, Any] | None = None
        self.pending_tip = ""
        self.reckonings = ReckoningCollector(session.content)
        self.overlays: list[Scene] = []  # event presentations waiting their turn (reckonings, age scoring)
        for ev in session.events[:session.restored_events]:  # a continued game keeps its log, not animated
            line = event_text(session.content, ev.data, self.seat_label)
            if line:
                self.log.append(line)
            self.reckonings.feed(ev.data)
        self.shown_events = session.restored_events

    # ------------------------------------------------------------ lifecycle
    def on_enter(self) -> None:
        self.s.start_worker()
        self._rebuild()

    def on_exit(self) -> None:
        self.s.close()

    def seat_label(self, p: int) -> str:
        """How the players see seat ``p`` named: "You" (the one human), a player's name, or the faction."""
        seat = self.s.seats[p]
        if seat.human and len(self.s.humans()) == 1:
            return "You"
        return seat.name or self.s.content.factions[self.s.state.factions[p]].name

    def _default_viewer(self) -> int:
        humans = self.s.humans()
        return humans[0] if humans else 0

    # ----------------------------------------------------------------- flow
    def update(self, dt: float) -> None:
        self.log.update(dt)
        s = self.s
        if self.overlays:
            if not self.app.motion.busy:
                self.app.push(self.overlays.pop(0))
            return
        if s.state.is_terminal():
            if not self.finished and not self.app.motion.busy:
                self.finished = True
                with contextlib.suppress(OSError):  # a finished game is not continued
                    autosave_of(self.s.adapter).unlink(missing_ok=True)
                self._drain_events()
                self.app.push(ResultsScene(self.cfg, s))
            return
        if self.app.motion.busy:
            return
        if not s.human_to_move():
            self.bot_wait += dt
            if self.bot_wait >= self.cfg.ui.bot_delay / max(0.25, self.cfg.ui.animation_speed) \
                    or self.cfg.ui.skip_animations:
                if s.tick():
                    self.bot_wait = 0.0
                    self._after_action()
        elif len(s.humans()) > 1 and self.curtain_for != s.to_move() \
                and (self.viewer != s.to_move() or s.state.is_secret()):
            # pass and play: the curtain comes whenever the deciding human changes (public decisions too)
            self._curtain(s.to_move())

    def _curtain(self, seat: int) -> None:
        self.curtain_for = seat
        self.viewer = -1  # nothing private is drawn behind the curtain
        name = self.seat_label(seat)

        def reveal() -> None:
            self.viewer = seat
            self._rebuild()

        self.app.curtain(f"{name}, it is your turn", "Make sure nobody else is looking.", "I am ready",
                         on_continue=reveal)

    def _after_action(self) -> None:
        self._drain_events()
        st = self.s.state
        if (st.age, st.round) != self.last_round and self.cfg.game.autosave and not st.is_terminal():
            self.last_round = (st.age, st.round)
            try:
                self.s.save(autosave_of(self.s.adapter))
            except OSError as exc:
                self.app.toast(f"Autosave failed: {exc.strerror}")
        if self.s.human_to_move() and len(self.s.humans()) == 1:
            if not self.human_turn:
                self.app.play_sound("turn")
            self.viewer = self.s.to_move()
        self.human_turn = self.s.human_to_move()
        self._rebuild()

    def _drain_events(self) -> None:
        c = self.s.content
        for ev in self.s.events[self.shown_events:]:
            d = ev.data
            line = event_text(c, d, self.seat_label)
            if line:
                self.log.append(line)
            if d["type"] == "tuck":
                self._animate_tuck(d)
            else:
                self._animate_resources(d)
            if d["type"] == "reveal":
                self.app.play_sound("card")
            elif d["type"] in ("bids_revealed", "age_scored"):
                self.app.play_sound("chime")
            report = self.reckonings.feed(d)
            if report is not None:
                self.overlays.append(ReckoningScene(self.r, self._overlay_view(), self._hints(), report,
                                                    auto=self._overlay_auto(3.5)))
            if d["type"] == "age_scored":
                gains = d["gains"]
                before = [sc - sum(g[1 + p] for g in gains) for p, sc in enumerate(d["scores"])]
                self.overlays.append(AgeScoringScene(self.r, self._overlay_view(), self._hints(),
                                                     len(self.s.state.age_scores), gains, before,
                                                     auto=self._overlay_auto(2.5)))
        self.shown_events = len(self.s.events)

    def _overlay_view(self) -> dict[str, Any]:
        """A view with nothing private in it (an overlay may show while the next player waits)."""
        return public_view(self.s.view(self.viewer if self.viewer >= 0 else self._default_viewer()))

    def _overlay_auto(self, seconds: float) -> float | None:
        """Humans at the table close an overlay themselves; an all-bots game moves on by itself."""
        if self.s.humans():
            return None
        if self.cfg.ui.skip_animations:
            return 0.3
        return seconds / max(0.25, self.cfg.ui.animation_speed)

    # things that move between the supply, the boards and the regions
    _MAX_TOKENS = 6  # per event: a big gain shows as a short stream, not a flood

    def _token_image(self, kind: str, seat: int = -1, colour: int = 0) -> pygame.Surface:
        img = pygame.Surface((26, 26), pygame.SRCALPHA)
        if kind == "coin":
            pygame.draw.circle(img, (120, 86, 20), (13, 13), 10)
            pygame.draw.circle(img, L.GOLD, (13, 13), 8)
        elif kind == "acolyte":
            view = self.s.view(max(0, self.viewer))
            L.disc(img, (13, 13), 10, self.r.faction_rgb(view, seat), self.r.faction_letter(view, seat))
        elif kind == "warden":
            L.badge(img, pygame.Rect(4, 4, 18, 18), self.r.pillar_rgb(colour), self.s.content.pillar_letters[colour])
        else:  # a mercenary card
            pygame.draw.rect(img, (70, 62, 58), (3, 1, 20, 24), border_radius=3)
            pygame.draw.rect(img, L.GOLD, (3, 1, 20, 24), 1, border_radius=3)
        return img

    def _fly(self, kind: str, src: tuple | None, dst: tuple | None, count: int = 1, seat: int = -1,
             colour: int = 0, sound: str = "") -> None:
        """Send ``count`` tokens from anchor ``src`` to anchor ``dst`` (anchors of the last drawn table)."""
        a = self.r.anchors.get(src) if src else None
        b = self.r.anchors.get(dst) if dst else None
        if a is None or b is None or count <= 0 or self.cfg.ui.skip_animations:
            return
        world = self.app.motion
        img = self._token_image(kind, seat, colour)
        dur = 0.42 / max(0.25, self.cfg.ui.animation_speed)
        for k in range(min(count, self._MAX_TOKENS)):
            tok = world.token(img, a, layer=3)
            tok.to(b, delay=0.07 * k, arc=0.35, duration=dur, remove=True,
                   on_arrive=(lambda: self.app.play_sound(sound)) if sound else None)

    def _animate_resources(self, d: dict[str, Any]) -> None:
        t = d["type"]
        p = d.get("seat", -1)
        if t == "coins":
            self._fly("coin", ("supply", "coins"), ("coins", p), d["amount"], sound="coin")
        elif t == "steal":
            self._fly("coin", ("coins", d["target"]), ("coins", p), d.get("amount", 1), sound="coin")
        elif t == "place":
            self._fly("acolyte", ("reserve", p), ("region", d["region"], p), seat=p)
        elif t == "move":
            self._fly("acolyte", ("region", d["region"], p), ("region", d["to"], p), seat=p)
        elif t == "lose_acolyte":
            self._fly("acolyte", ("region", d["region"], p), ("reserve", p), d.get("amount", 1), seat=p)
        elif t == "warden":
            self._fly("warden", ("supply", "warden", d["colour"]), ("warden", p, d["colour"]), colour=d["colour"])
        elif t == "lose_warden":
            self._fly("warden", ("warden", p, d["colour"]), ("supply", "warden", d["colour"]), d.get("amount", 1),
                      colour=d["colour"])
        elif t == "mercs":
            self._fly("merc", ("supply", "mercs"), ("mercs", p), d["amount"])
        elif t == "merc_discard":
            self._fly("merc", ("mercs", p), ("supply", "mercs"))
        elif t == "penalty":
            self._fly("coin", ("coins", p), ("supply", "coins"), d["coins"], sound="coin")
        elif t == "pay":
            rk = self.s.state.rk
            k = d["coin_bids"]
            self._fly("coin", ("coins", p), ("supply", "coins"), k * (k + 1) // 2, sound="coin")
            if rk is not None:
                self._fly("acolyte", ("region", rk.region, p), ("reserve", p), d["acolytes"], seat=p)
            for col, v in enumerate(d["discards"]):
                self._fly("warden", ("warden", p, col), ("supply", "warden", col), v, colour=col)
            self._fly("merc", ("mercs", p), ("supply", "mercs"), len(d["mercs"]))

    def _animate_tuck(self, d: dict[str, Any]) -> None:
        card = self.s.content.cards[d["card"]]
        img = pygame.Surface((118, 172), pygame.SRCALPHA)
        self.r.draw_card(img, pygame.Rect(0, 0, 118, 172), card.id)
        br = board_rect(self.s.players, d["seat"])
        target = (br.x + 8 + d["pillar"] * (558 // 5) + 55, br.y + (br.h - 20 if d["side"] else 90))
        tok = self.app.motion.token(img, (500, 700), angle=-6, layer=2, texts=[card_name(self.s.content, card)])
        tok.to(target, 0, arc=0.3, duration=0.45 / max(0.25, self.cfg.ui.animation_speed),
               on_arrive=lambda: self.app.play_sound("tuck")).to(
            (target[0], target[1] + 20), 0, layer=-1, visible=False, remove=True)

    # ------------------------------------------------------------- decisions
    def choose(self, action: tuple, spot: tuple[str, Any] | None = None, tip: str = "") -> None:
        """First step of a move: show it in preview; choosing the same move again confirms it."""
        if self.pending == action:
            self.submit(action)
            return
        self.pending, self.pending_spot, self.pending_tip = action, spot, tip
        self.app.play_sound("click")
        self._rebuild()

    def cancel_pending(self) -> None:
        self.pending = self.pending_spot = None
        self.pending_tip = ""
        self._rebuild()

    def submit(self, action: tuple) -> None:
        self.pending = self.pending_spot = None
        self.pending_tip = ""
        try:
            self.s.submit(action)
        except IllegalAction as exc:
            self.app.toast(str(exc))
            return
        self._after_action()

    def _rebuild(self) -> None:
        """Buttons for the decision of the human seat to move."""
        self.buttons = []
        self.options_rect = None
        self.pay_rows = []
        s = self.s
        if s.state.is_terminal() or not s.human_to_move() or self.viewer != s.to_move():
            return
        st = s.state
        legal = st.legal_actions()
        d = st.decision_name()
        x, y, w = 590, 612, 400
        if d == "bid":
            mx = st.rk.maxbid[st.to_move()]
            key = (st.age, st.round, len(self.s.actions))
            if self.bid_key != key:  # a new bid starts at 0, never at the last one
                self.bid_key, self.bid_value = key, 0
            self.bid_value = min(self.bid_value, mx)
            bx, by = BID_RECT.x + 12, BID_RECT.y + 12
            self.buttons.append(Button("-", (bx, by, 50, 40), lambda: self._bump(-1), shortcut=pygame.K_LEFT))
            self.buttons.append(Button("+", (bx + 150, by, 50, 40), lambda: self._bump(1), shortcut=pygame.K_RIGHT))
            self.buttons.append(Button("Bid", (bx + 214, by, 160, 40), lambda: self.submit(("bid", self.bid_value)),
                                       shortcut=pygame.K_RETURN, style="primary"))
            return
        if d == "pay":
            self._pay_buttons(st, legal)
            return
        clickable = {"select", "discard", "place", "reward", "row", "monument", "lose_acolyte", "merc_discard"}
        if self.pending is not None and self.pending not in legal:
            self.pending = self.pending_spot = None
        options = legal if d not in clickable else []
        self.options_rect = pygame.Rect(x - 8, y - 8, w + 16, 34 * min(8, len(options)) + 12) if options else None
        for a in options[:8]:
            self.buttons.append(Button(_short(s.content, st, a, self.seat_label), (x, y, w, 30),
                                       lambda a=a: self.choose(a, None, ""), size="tiny",
                                       style="primary" if a == self.pending else "secondary"))
            y += 34
        if self.pending is not None:
            box = PREVIEW_RECT
            self.buttons.append(Button("Confirm", (box.right - 222, box.y + 5, 116, 34),
                                       lambda: self.submit(self.pending), shortcut=pygame.K_RETURN, style="primary"))
            self.buttons.append(Button("Cancel", (box.right - 100, box.y + 5, 94, 34), self.cancel_pending))

    # payment: resource by resource, starting from the suggested (cheapest) payment
    def _pay_buttons(self, st: Any, legal: list[tuple]) -> None:
        from ..bots import RuleAgent

        p = st.to_move()
        if self.pay is None or self.pay.get("key") != (st.age, st.round, len(self.s.actions)):
            best = RuleAgent().decide(st, p, legal, random.Random(0))
            _, aco, cb, infl, mercs, disc = best
            self.pay = {"key": (st.age, st.round, len(self.s.actions)), "a": aco, "c": cb, "i": list(infl),
                        "m": set(mercs), "d": list(disc)}
        c = self.s.content
        n = st.n
        rk = st.rk
        x, y = 560, 666
        rows: list[tuple[str, str, int, int]] = [("a", f"acolytes in {c.region_names[rk.region]}", self.pay["a"],
                                                   st.board[rk.region * n + p])]
        kmax = coin_bids(st.coins[p])
        rows.append(("c", f"bids in coins ({self.pay['c'] * (self.pay['c'] + 1) // 2} coins)", self.pay["c"], kmax))
        for col in st.matching_colours(rk.region):
            rows.append((f"i{col}", f"{c.pillar_names[col]} influence", self.pay["i"][col], st.tracks[p * 5 + col]))
            rows.append((f"d{col}", f"{c.pillar_names[col]} wardens discarded (3 each)", self.pay["d"][col],
                         st.wardens[p * 5 + col]))
        self.pay_rows = []
        for key, label, val, mx in rows:
            if mx <= 0:
                continue
            self.buttons.append(Button("-", (x, y, 30, 26), lambda k=key: self._pay_bump(k, -1), size="small"))
            self.buttons.append(Button("+", (x + 34, y, 30, 26), lambda k=key, m=mx: self._pay_bump(k, 1, m),
                                       size="small"))
            self.pay_rows.append((f"{val} / {mx}  {label}", (x + 72, y + 5)))
            y += 26
        mask = sum(1 << col for col in st.matching_colours(rk.region))
        for m in st.mercs[p]:
            if c.mercenaries[m].mask & mask:
                if x + 80 > PAY_RECT.right - 10:  # the next row
                    x, y = 560, y + 28
                on = m in self.pay["m"]
                colours = "/".join(c.pillar_letters[k] for k in c.mercenaries[m].colors)
                self.buttons.append(Button(("\u2713 " if on else "") + f"merc. {colours}", (x, y + 2, 80, 26),
                                           lambda m=m: self._pay_merc(m), size="small",
                                           style="primary" if on else "secondary",
                                           tooltip=merc_name(c, m) + ": pays 1 of the bid"))
                x += 84
        act = ("pay", self.pay["a"], self.pay["c"], tuple(self.pay["i"]), tuple(sorted(self.pay["m"])),
               tuple(self.pay["d"]))
        ok = st.is_legal(act)
        b = Button("Pay", (PAY_RECT.right - 130, PAY_RECT.y + 8, 120, 32), lambda: self.submit(act),
                   shortcut=pygame.K_RETURN,
                   style="primary")
        b.enabled = ok
        self.buttons.append(b)
        paid = _paid(st, p, act)
        bid = rk.bids[p]
        state = "" if ok else (" \u2013 not enough yet" if paid < bid else " \u2013 too much")
        self.pay_rows.append((f"Your bid: {bid} \u00b7 paid {paid} of {bid}{state}", (560, 610)))
        kept = sum(st.wardens[p * 5 + col] for col in st.matching_colours(rk.region))
        self.pay_rows.append((f"Kept matching wardens pay 1 each ({kept}); a discarded one pays 3.",
                              (560, 642)))

    def _pay_bump(self, key: str, k: int, mx: int = 99) -> None:
        if key in ("a", "c"):
            self.pay[key] = max(0, min(mx, self.pay[key] + k))
        else:
            lst = self.pay[key[0]]
            col = int(key[1:])
            lst[col] = max(0, min(mx, lst[col] + k))
        self._rebuild()

    def _pay_merc(self, m: int) -> None:
        self.pay["m"] ^= {m}
        self._rebuild()

    def _bump(self, k: int) -> None:
        mx = self.s.state.rk.maxbid[self.s.to_move()]
        self.bid_value = max(0, min(mx, self.bid_value + k))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.show_log = not self.show_log
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_h):
            open_rules(self.app, rules_path("realm"), _RULES_FOR.get(self.s.state.decision_name()))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.pending is not None:
            self.cancel_pending()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.pending is not None:
            self.cancel_pending()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.dialog("Leave the game?", "The game is saved at the end of every round.",
                            [("Leave", self.close), ("Stay", None)])
            return True
        if self.show_log and self.log.handle_event(event):
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.s.human_to_move() \
                and self.viewer == self.s.to_move():
            self._click(event.pos)
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> None:
        st = self.s.state
        d = st.decision_name()
        c = self.s.content
        for h in reversed(self.hotspots):
            if not h.rect.collidepoint(pos):
                continue
            a = None
            if h.kind == "card" and d in ("select", "discard"):
                a = (d, c.card_index(h.value))
            elif h.kind == "region" and d in ("place", "lose_acolyte"):
                a = (d, h.value)
            elif h.kind == "reward" and d == "reward":
                a = ("reward", c.reward_index(h.value))
            elif h.kind == "row" and d == "row" and isinstance(h.value, int):
                a = ("row", h.value)
            elif h.kind == "merc" and d in ("merc_discard", "lose_merc"):
                a = ("merc_discard", c.merc_index(h.value))
            elif h.kind == "space" and d == "monument":
                opts = [x for x in st.legal_actions() if x[1] == h.value]
                if len(opts) == 1:
                    a = opts[0]
                elif opts:
                    sp = c.spaces[h.value]
                    buttons = [(o["name"], lambda o=k, sp_i=h.value: self.submit(("monument", sp_i, o)))
                               for k, o in enumerate(sp.options)]
                    self.app.dialog(sp.name, sp.text, buttons)
                    return
            if a is not None:
                if st.is_legal(a):
                    self.choose(a, (h.kind, h.value), h.tip)
                return

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return None
        for h in reversed(self.hotspots):
            if h.rect.collidepoint(pos) and h.tip:
                return h.tip
        return None

    # ----------------------------------------------------------------- draw
    def _hints(self) -> UIHints:
        s = self.s
        st = s.state
        h = UIHints()
        h.seat_names = [self.seat_label(i) + ("" if seat.human or seat.name else f" ({seat.bot})")
                        for i, seat in enumerate(s.seats)]
        if self.viewer < 0:
            h.hidden_hand = True
            return h
        if st.is_terminal():
            h.prompt = "Game over"
            return h
        p = st.to_move()
        d = st.decision_name()
        if not s.seats[p].human:
            prog, _its = s.bot_progress()
            h.thinking = {p: prog}
            if d == "select":  # a simultaneous choice: every bot that has not chosen yet is still deciding
                committed = s.view(p)["committed"]
                h.thinking.update({q: 0.0 for q in range(st.n) if q != p and not s.seats[q].human
                                   and not committed[q]})
            h.prompt = f"{h.seat_names[p]} is thinking\u2026"
            return h
        if self.viewer != p:
            return h
        h.prompt = _PROMPTS.get(d, d)
        if self.pending is not None:
            h.prompt = " "  # the preview takes the header's place
            if self.pending_spot is not None:
                h.chosen.add(self.pending_spot)
        if d == "bid":
            h.prompt = f"Your sealed bid: {self.bid_value} (at most {st.rk.maxbid[p]})"
        c = s.content
        for a in st.legal_actions():
            if a[0] in ("select", "discard"):
                h.choosable.add(("card", c.cards[a[1]].id))
            elif a[0] in ("place", "lose_acolyte"):
                h.choosable.add(("region", a[1]))
            elif a[0] == "reward":
                h.choosable.add(("reward", c.rewards[a[1]].id))
            elif a[0] == "row":
                h.choosable.add(("row", a[1]))
            elif a[0] == "monument":
                h.choosable.add(("space", a[1]))
            elif a[0] == "merc_discard":
                h.choosable.add(("merc", c.mercenaries[a[1]].id))
        return h

    def draw(self, surface: pygame.Surface) -> None:
        hints = self._hints()
        seat = self.viewer if self.viewer >= 0 else self._default_viewer()
        key = (id(self.s.state), len(self.s.actions), self.viewer, seat, hints.prompt, frozenset(hints.choosable),
               frozenset(hints.chosen), hints.hidden_hand, tuple(hints.seat_names),
               tuple(hints.thinking), surface.get_size())
        if self._cache is not None and self._cache[0] == key:
            _, image, self.hotspots, texts = self._cache
            surface.blit(image, (0, 0))
            text_registry.items.extend(texts)  # what the cached image shows, as if drawn again
        else:
            view = self.s.view(seat)
            if self.viewer < 0:  # behind a curtain
                view = public_view(view)
            start = len(text_registry.items)
            image = self._cache[1] if self._cache is not None and self._cache[1].get_size() == surface.get_size() \
                else _canvas(surface.get_size())  # the last drawing's surface is redrawn in place
            self.hotspots = self.r.draw(image, view, hints)
            surface.blit(image, (0, 0))
            self._cache = (key, image, self.hotspots, list(text_registry.items[start:]))
        for p, prog in hints.thinking.items():  # drawn over the cached table: it changes every frame
            br = board_rect(self.s.players, p)
            bar = pygame.Rect(br.right - 132, br.y + 34, 120, 6)
            pygame.draw.rect(surface, L.BG, bar, border_radius=3)
            pygame.draw.rect(surface, L.GOLD, (bar.x, bar.y, max(2, int(bar.w * prog)), bar.h), border_radius=3)
        self.app.motion.draw(surface)
        if self.pay_rows:
            pygame.draw.rect(surface, L.BG_PANEL_HI, PAY_RECT, border_radius=8)
            with L.box(PAY_RECT):
                for line, pos in self.pay_rows:
                    L.text(surface, line, pos, 13, L.TEXT)
        if self.pending is not None:
            with L.box(PREVIEW_RECT):
                self._draw_preview(surface)
        if self.options_rect is not None and self.buttons:
            L.panel(surface, self.options_rect, L.BG_PANEL_HI, radius=10, border=L.GOLD)
        st = self.s.state
        if self.buttons and not st.is_terminal() and st.decision_name() == "bid" and self.viewer == st.to_move():
            self._draw_bid_panel(surface, st)
        for b in self.buttons:
            with L.box(b.rect):
                b.draw(surface)
        if self.show_log:
            self.log.draw(surface)
        L.text(surface, "Enter: confirm \u00b7 Esc: cancel / menu \u00b7 L: log \u00b7 F1: rules \u00b7 "
               "click or key: skip animation", (1584, 896), 11, L.TEXT_DIM, anchor="bottomright")

    def _draw_bid_panel(self, surface: pygame.Surface, st: Any) -> None:
        """The dial, where your maximum comes from, and what each rival could pay at most (public)."""
        L.panel(surface, BID_RECT, L.BG_PANEL_HI, radius=10, border=L.GOLD)
        c = self.s.content
        p = st.to_move()
        with L.box(BID_RECT):
            dial = pygame.Rect(BID_RECT.x + 12 + 54, BID_RECT.y + 12, 92, 40)  # between the - and + buttons
            pygame.draw.rect(surface, L.PARCHMENT, dial, border_radius=8)
            L.text(surface, str(self.bid_value), dial.center, 24, L.INK, bold=True, anchor="center")
            y = BID_RECT.y + 64
            mine = bid_sources(st, p, own=True)
            L.text(surface, f"You can pay at most {st.rk.maxbid[p]} here:", (BID_RECT.x + 14, y), 13, L.GOLD,
                   bold=True)
            for line in wrap(", ".join(f"{what} {v}" for what, v in mine) or "nothing", BID_RECT.w - 28, 12):
                y += 17
                L.text(surface, line, (BID_RECT.x + 14, y), 12, L.TEXT)
            y += 24
            L.text(surface, "Rivals could pay at most (what the table shows):", (BID_RECT.x + 14, y), 13, L.GOLD,
                   bold=True)
            for q in range(st.n):
                if q == p:
                    continue
                src = bid_sources(st, q, own=False)
                lo = sum(v for what, v in src if not what.startswith("mercenar"))
                mercs = st.mercs[q]
                most = f"{lo}" if not mercs else f"{lo}\u2013{lo + 2 * len(mercs)}"
                y += 17
                L.text(surface, fit(f"{self.seat_label(q)}: {most}", BID_RECT.w - 28, 12),
                       (BID_RECT.x + 14, y), 12, L.TEXT)
            L.text(surface, f"in {c.region_names[st.rk.region]}; your bid stays secret until all have bid",
                   (BID_RECT.x + 14, BID_RECT.bottom - 22), 11, L.TEXT_DIM)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """What the chosen move will do, before it is confirmed."""
        box = PREVIEW_RECT
        L.panel(surface, box, (66, 58, 36), radius=8, border=L.HILITE, shadow=False)
        head = _preview_title(self.s.content, self.s.state, self.pending, self.seat_label)
        L.text(surface, head, (box.x + 12, box.y + 5), 15, L.HILITE, bold=True)
        tip = self.pending_tip or "Enter or a second click confirms; Esc or a right-click cancels."
        lines = wrap(tip, box.w - 250, 12)
        L.text(surface, lines[0] + (" \u2026" if len(lines) > 1 else ""), (box.x + 12, box.y + 24), 12, L.TEXT)


class ResultsScene(WidgetScene):
    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        st = session.state
        c = session.content
        self.add(Label("Final results", (0, 70, 1600, 50), size="title", display=True, align="center"))
        order = sorted(range(st.n), key=lambda p: -st.score[p])
        for rank, p in enumerate(order):
            f = c.factions[st.factions[p]].name
            ages = " / ".join(str(a[p]) for a in st.age_scores)
            mark = "  \u2605 winner" if p == st.winner else ""
            seat = session.seats[p]
            who = (seat.name or "human") if seat.human else f"{seat.bot} bot"
            self.add(Label(f"{rank + 1}. {f} ({who}): {st.score[p]} VP   (after each age: {ages}){mark}",
                           (0, 160 + rank * 44, 1600, 40), size="large", align="center"))
        self.add(Button("Title screen", (700, 520, 200, 50), self.done, shortcut=pygame.K_RETURN, style="primary"))
        self.chart = pygame.Rect(380, 590, 640, 260)

    def done(self) -> None:
        self.app.go_home()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        st = self.s.state
        r = self.chart
        pygame.draw.rect(surface, L.BG_PANEL, r, border_radius=8)
        if not st.age_scores:
            return
        hi = max(1, max(max(a) for a in st.age_scores))
        lo = min(0, min(min(a) for a in st.age_scores))
        for p in range(st.n):
            rgb = L.FACTION_RGB.get(st.c.factions[st.factions[p]].id, (200, 200, 200))
            pts = [(r.x + 40 + k * (r.w - 80) // 3, r.bottom - 20 - int((v - lo) / (hi - lo) * (r.h - 50)))
                   for k, v in enumerate([st.c.factions[st.factions[p]].score] + [a[p] for a in st.age_scores])]
            pygame.draw.lines(surface, rgb, False, pts, 3)
            for q in pts:
                pygame.draw.circle(surface, rgb, q, 5)
        for k, label in enumerate(("start", "age 1", "age 2", "age 3")):
            L.text(surface, label, (r.x + 40 + k * (r.w - 80) // 3, r.bottom - 4), 12, L.TEXT_DIM, anchor="midbottom")
        L.text(surface, "Score by age", (r.x + 12, r.y + 8), 13, L.GOLD, bold=True)
        L.text(surface, f"{hi} VP", (r.x + 12, r.y + 28), 11, L.TEXT_DIM)
        # the legend: colour, letter and name together (never colour alone)
        for k, p in enumerate(sorted(range(st.n), key=lambda q: -st.score[q])):
            fid = st.c.factions[st.factions[p]].id
            y = r.y + 18 + k * 30
            L.disc(surface, (r.right + 30, y + 8), 10, L.FACTION_RGB.get(fid, (200, 200, 200)),
                   L.FACTION_LETTER.get(fid, "?"))
            L.text(surface, f"{st.c.factions[st.factions[p]].name}  {st.score[p]}", (r.right + 48, y), 14, L.TEXT)


PREVIEW_RECT = pygame.Rect(440, 0, 1160, 44)  # in the header, where the prompt was
PAY_RECT = pygame.Rect(550, 604, 450, 288)  # over the hand, never over the monument spaces
BID_RECT = pygame.Rect(580, 604, 410, 284)


def _paid(st: Any, p: int, a: tuple) -> int:
    """What payment ``a`` is worth against the bid (as the engine counts it: kept matching wardens
    pay 1 each, a discarded one 3, a mercenary 1 per matching colour up to 2)."""
    _, aco, cb, infl, mercs, disc = a
    colours = st.matching_colours(st.rk.region)
    mask = sum(1 << col for col in colours)
    kept = sum(st.wardens[p * 5 + col] for col in colours)
    mv = sum(min(2, bin(st.c.mercenaries[m].mask & mask).count("1")) for m in mercs)
    return aco + cb + sum(infl) + mv + kept + 2 * sum(disc)


def bid_sources(st: Any, p: int, own: bool) -> list[tuple[str, int]]:
    """Where seat ``p``'s most in the reckoning comes from (rulebook p.14), as (what, value).

    ``own``: the seat's own mercenaries by their colours; a rival's mercenaries are hidden, so
    they appear as "mercenaries (up to)" with 2 each, the most one can be worth.
    """
    c = st.c
    rk = st.rk
    n = st.n
    region = rk.region
    out = [("acolytes here", st.board[region * n + p])]
    k = coin_bids(st.coins[p])
    out.append((f"coins ({st.coins[p]} pay {k} bid{'s' if k != 1 else ''})", k))
    colours = st.matching_colours(region)
    for col in colours:
        out.append((f"{c.pillar_names[col]} influence", st.tracks[p * 5 + col]))
        out.append((f"{c.pillar_names[col]} wardens \u00d73", 3 * st.wardens[p * 5 + col]))
    if own:
        mask = sum(1 << col for col in colours)
        worth = sum(min(2, bin(c.mercenaries[m].mask & mask).count("1")) for m in st.mercs[p])
        out.append(("mercenaries", worth))
    return [(what, v) for what, v in out if v]

# the rules section a decision opens with F1
_RULES_FOR = {"select": "playing-an-age", "discard": "two-player", "tuck": "tucking", "bid": "reckoning",
              "pay": "paying-bids", "row": "rewards", "monument": "monument-scoring", "reward": "reckoning",
              "claim": "reckoning", "place": "action-types", "move": "action-types", "warden": "action-types",
              "advance": "artifact-abilities", "dominion": "artifact-abilities"}


def _preview_title(c: Any, st: Any, a: tuple, who: Any) -> str:
    """The chosen move in plain words, for the preview."""
    if a[0] in ("tuck", "pay"):
        return _short(c, st, a, who) + "?"
    return action_words(c, a, who) + "?"


_PROMPTS = {
    "select": "Choose a card to play (click it)",
    "discard": "Put a card back in the box before the reveal (click it)",
    "place": "Place an acolyte: click a region",
    "move": "Move an acolyte, or stop",
    "steal": "The supply is empty: take a coin from",
    "warden": "Recruit a warden of any colour",
    "advance": "Guidance artifact: advance one track",
    "merc_discard": "Too many mercenaries: click one to discard",
    "tuck": "Tuck the card: choose pillar and side",
    "dominion": "Dominion artifact: take a bonus",
    "reward": "Choose the reward card for this reckoning (click it)",
    "claim": "Move a claim token into the reckoning region",
    "row": "Choose your reward row (click it)",
    "pay": "Pay your bid",
    "monument": "Place your monument: click a free space",
    "lose_acolyte": "Last place: remove an acolyte (click a region)",
    "lose_merc": "Last place: discard a mercenary (click it)",
    "lose_warden": "Last place: lose a warden",
}


def _short(c: Any, st: Any, a: tuple, who: Any) -> str:
    k = a[0]
    if k == "tuck":
        card = c.cards[st.dec_data]
        h = card.halves[a[2]]
        gain = [f"+{h.influence} influence"] if h.influence else []
        icons: dict[str, int] = {}
        for i in h.icons:
            name = "wild" if i == -1 else c.icon_names[i]
            icons[name] = icons.get(name, 0) + 1
        gain += [nm if n == 1 else f"{nm} \u00d7{n}" for nm, n in icons.items()]
        after = st.copy()  # what the tuck would do, exactly: the engine plays it on a copy
        after.apply(a)
        p = st.to_move()
        won = [c.pillar_names[pl] for pl in range(5) if after.artifact[pl] == p and st.artifact[pl] != p]
        gain += [f"+ {nm} artifact" for nm in won]
        return f"{c.pillar_names[a[1]]} {('top', 'bottom')[a[2]]}: {', '.join(gain) or 'nothing'}"
    if k == "move":
        return f"{c.region_names[a[1]]} \u2192 {c.region_names[a[2]]}"
    if k == "claim":
        return f"{c.pillar_names[a[2]]} token from {c.region_names[a[1]]}"
    if k == "merc_discard":
        return merc_name(c, a[1])
    return action_words(c, a, who)


def draw_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The title screen's cover: five pillars of tucked cards in the factions' colours."""
    pygame.draw.rect(surface, L.BG_PANEL_HI, rect, border_radius=10)
    cols = list(L.FACTION_RGB.values())
    w = rect.w // 7
    for i, rgb in enumerate(cols):
        x = rect.x + w // 2 + i * (w + w // 4)
        base = rect.bottom - 40
        for k in range(4 - abs(2 - i) + 1):
            card = pygame.Rect(x, base - 26 * k - 40, w, 34)
            pygame.draw.rect(surface, L.shade(rgb, 0.55 + 0.1 * k), card, border_radius=5)
            pygame.draw.rect(surface, L.PARCHMENT, card, 2, border_radius=5)
        pygame.draw.polygon(surface, L.GOLD, [(x + w // 2, rect.y + 24), (x + w // 2 - 10, rect.y + 44),
                                               (x + w // 2 + 10, rect.y + 44)])


def bench_window(cfg: Any, seconds: float, seed: int) -> None:
    from .bench import print_window_bench

    print_window_bench(cfg, seconds=seconds, seed=seed)
