"""A demo of the shell's widgets and motion, for looking at: ``python -m game.shell.demo
[--frames=N] [--screenshot=PATH]`` (it plays by itself)."""

from __future__ import annotations

import sys
from typing import Any

import pygame

from . import text as T
from . import theme as TH
from .app import App
from .scene import WidgetScene
from .widgets import DialogButton


class DemoScene(WidgetScene):
    """Every widget and a few kinds of motion, for looking at (``python -m game.shell.demo``)."""

    animating = True  # it plays by itself

    def __init__(self, app: App) -> None:
        super().__init__(app.logical_size)
        from . import widgets as W
        from .motion import Token, spread

        self._spread = spread
        self._Token = Token
        self.world = app.motion
        c = TH.current().colours
        self.colours = [(64, 168, 160), (222, 110, 170), (90, 140, 230), (230, 190, 70), (210, 80, 64)]
        self.shapes = ["circle", "diamond", "square", "triangle", "hexagon"]
        self.letters = "ABCDE"
        # left: controls
        left = self.add(W.Panel((32, 96, 380, 772), title="Controls"))
        inner = left.content_rect()  # type: ignore[attr-defined]
        x, w = inner.x, inner.w
        self.deal_btn = W.Button("Deal cards", (x, inner.y + 6, w, 50), self.deal, shortcut=pygame.K_d,
                                 style="primary", tooltip="Five cards fly from the deck to the market row.")
        self.tuck_btn = W.Button("Tuck a card", (x, 0, w, 50), self.tuck, shortcut=pygame.K_t,
                                 tooltip="A market card flies to the board,\nthen slides under its top edge.")
        self.pay_btn = W.Button("Pay coins", (x, 0, w, 50), self.pay, shortcut=pygame.K_p,
                                icon=TH.Icon(c.gold, "circle", "1"), tooltip="Coins leave the bank one after another.")
        self.dialog_btn = W.Button("Dialog", (x, 0, w // 2 - 6, 46), self.show_dialog)
        self.curtain_btn = W.Button("Curtain", (x + w // 2 + 6, 0, w // 2 - 6, 46), self.show_curtain)
        self.off_btn = W.Button("Not now", (x, 0, w, 46), None, enabled=False, tooltip="A disabled button.")
        W.column([self.deal_btn, self.tuck_btn, self.pay_btn], x, inner.y + 6, gap=12)
        W.row([self.dialog_btn, self.curtain_btn], x, self.pay_btn.rect.bottom + 12, gap=12)
        self.off_btn.move_to(x, self.dialog_btn.rect.bottom + 12)
        for b in (self.deal_btn, self.tuck_btn, self.pay_btn, self.dialog_btn, self.curtain_btn, self.off_btn):
            left.add(b)  # type: ignore[attr-defined]
        y = self.off_btn.rect.bottom + 30
        self.fast = left.add(W.Toggle("Skip animations", (x, y, w, 34), False,  # type: ignore[attr-defined]
                                      on_change=self._set_instant))
        y += 72
        self.seat = left.add(W.Choice((x, y, w, 44), list(range(5)),  # type: ignore[attr-defined]
                                      labels=["Player " + ch for ch in self.letters], label="Seat",
                                      icons=[TH.Icon(col, sh, le) for col, sh, le in
                                             zip(self.colours, self.shapes, self.letters)]))
        y += 74
        self.speed = left.add(W.Slider((x, y, w, 44), app.motion.speed, 0.25, 4.0, 0.25,  # type: ignore[attr-defined]
                                       label="Animation speed", fmt="{:.2f}x", on_change=self._set_speed))
        y += 94
        self.bid = left.add(W.Stepper((x + 40, y, w - 80, 56), 3, 0, 12, 1, label="Your bid"))  # type: ignore
        y += 96
        self.thinking = left.add(W.ProgressBar((x, y, w, 16), None,  # type: ignore[attr-defined]
                                               label="Player C is thinking..."))
        # right: the log
        self.log = self.add(W.ScrollList((1188, 96, 380, 772), title="Game log", max_items=200))
        # centre: the table
        self.table = self.add(W.Panel((436, 96, 728, 772), fill="slate", title="Table"))
        self.board = pygame.Rect(470, 640, 660, 200)
        self.deck_pos = (526, 282)
        self.bank_pos = (1060, 480)
        self.slots = self._spread((868, 282), 4, 130)
        self.market: list[Any] = []
        self.tucked: list[Any] = []
        self.coins: list[Any] = []
        self.purse = 0
        self.t = 0.0
        self.card_count = 0
        self.tuck_count = 0
        self._cycle = [self.deal, self.tuck, self.pay, self.tuck, self.deal, self.tuck, self.pay, self.tuck]
        self._next_auto = 0.2
        self._auto_i = 0

    # ---- actions -----------------------------------------------------------
    def _card_image(self, n: int) -> pygame.Surface:
        c = TH.current().colours
        i = n % 5
        img = pygame.Surface((112, 156), pygame.SRCALPHA)
        r = img.get_rect()
        pygame.draw.rect(img, (0, 0, 0, 80), r.move(0, 2), border_radius=10)
        pygame.draw.rect(img, c.parchment, r.inflate(-2, -2), border_radius=10)
        pygame.draw.rect(img, self.colours[i], (5, 5, 102, 34), border_top_left_radius=8, border_top_right_radius=8)
        pygame.draw.rect(img, c.parchment_dark, r.inflate(-2, -2), 2, border_radius=10)
        TH.draw_marker(img, (24, 22), 11, TH.shade(self.colours[i], 1.2), self.shapes[i], self.letters[i])
        T.draw_text(img, f"Card {n}", (42, 22), "small", c.ink, bold=True, anchor="midleft")
        T.draw_wrapped(img, "A generic card face for the demo.", pygame.Rect(12, 60, 88, 80), "tiny", c.ink,
                       align="center")
        return img

    def _coin_image(self) -> pygame.Surface:
        c = TH.current().colours
        img = pygame.Surface((36, 36), pygame.SRCALPHA)
        pygame.draw.circle(img, (0, 0, 0, 90), (18, 20), 16)
        pygame.draw.circle(img, c.gold_dark, (18, 18), 16)
        pygame.draw.circle(img, c.gold, (18, 18), 13)
        T.draw_text(img, "1", (18, 18), "small", c.ink, bold=True, anchor="center")
        return img

    def deal(self) -> None:
        free = [s for s in self.slots if not any(t.target == s for t in self.market)]
        cards = []
        for _ in free:
            self.card_count += 1
            tok = self._Token(self._card_image(self.card_count), self.deck_pos, -8, layer=1,
                              name=f"Card {self.card_count}", texts=[f"Card {self.card_count}"])
            cards.append(tok)
        self.market += cards
        if cards:
            self.world.stagger(cards, free, 0.12, arc=0.35, angle=0.0,
                               on_each=lambda tok: self.log.append(f"{tok.name} reaches the market.", None,
                                                                   self._icon_of(tok)),
                               on_done=lambda: self.log.append("The market is full.", "gold_light"))
        else:
            self.log.append("The market is already full.", "text_dim")

    def _icon_of(self, tok: Any) -> TH.Icon:
        i = int(tok.name.split()[-1]) % 5
        return TH.Icon(self.colours[i], self.shapes[i], self.letters[i])

    def tuck(self) -> None:
        if not self.market:
            self.deal()
            return
        card = self.market.pop(0)
        i = self.tuck_count
        self.tuck_count += 1
        x = self.board.x + 80 + (i % 6) * 100
        above = (x, self.board.y - 32)
        under = (x, self.board.y + 42)
        card.layer = 2
        self.tucked.append(card)
        old = self.tucked.pop(0) if len(self.tucked) > 6 else None

        def tucked() -> None:
            self.log.append(f"{card.name} is tucked.", "text_dim", self._icon_of(card))
            if old is not None:
                self.world.remove(old)

        card.to(above, 0, arc=-0.25, duration=0.55).to(under, 0, layer=-1, duration=0.5, on_arrive=tucked)

    def pay(self) -> None:
        n = 5
        coins = [self._Token(self._coin_image(), self.bank_pos, 0, layer=3, name="coin", duration=0.5)
                 for _ in range(n)]
        if self.purse + n > 15:
            for coin in self.coins:
                self.world.remove(coin)
            self.coins, self.purse = [], 0
            self.log.append("The purse is emptied.", "text_dim")
        x0, y0 = self.purse_origin()
        targets = [(x0 + (k % 5) * 34, y0 + (k // 5) * 34) for k in range(self.purse, self.purse + n)]
        self.purse += n
        self.coins += coins
        total = self.purse
        self.world.stagger(coins, targets, 0.09, arc=0.5,
                           on_done=lambda: self.log.append(f"Paid {n} coins; the purse holds {total}.", "gold_light",
                                                           TH.Icon(TH.current().colours.gold, "circle", "1")))

    def purse_origin(self) -> tuple[int, int]:
        return (self.board.right - 250, self.board.y + 50)

    def show_dialog(self) -> None:
        app = self.app
        if app is not None:
            app.dialog("End your turn?", "You still have one action left. Ending now forfeits it.",
                       [DialogButton("Keep playing", None, pygame.K_ESCAPE),
                        DialogButton("End turn", lambda: self.log.append("Turn ended."), pygame.K_RETURN,
                                     "primary")])

    def show_curtain(self) -> None:
        app = self.app
        if app is not None:
            i = self.seat.value  # type: ignore[attr-defined]
            app.curtain(f"Pass to Player {self.letters[i]}", "Everyone else, look away. The next player's hand "
                        "is hidden until they are ready.", f"I am Player {self.letters[i]}",
                        icon=TH.Icon(self.colours[i], self.shapes[i], self.letters[i]))

    def _set_instant(self, on: bool) -> None:
        self.world.instant = on

    def _set_speed(self, v: float) -> None:
        self.world.speed = v

    # ---- frame -------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt
        if self.t >= self._next_auto:  # the demo plays by itself
            self._cycle[self._auto_i % len(self._cycle)]()
            self._auto_i += 1
            self._next_auto = self.t + 1.4

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        surface.fill(c.background)
        r = T.draw_text(surface, "Shell demo", (36, 24), "title", c.gold_light, display=True)
        T.draw_text(surface, "widgets, scenes and spring-driven motion \u2014 hover for tooltips, "
                    "F11 fullscreen, F12 screenshot", (r.right + 20, r.bottom - 6), "body", c.text_dim,
                    anchor="bottomleft")
        self.root.draw(surface)
        table = self.table.rect
        T.draw_text(surface, "Deck", (self.deck_pos[0], self.deck_pos[1] + 92), "small", c.text_dim,
                    anchor="midtop")
        for k in range(3, -1, -1):  # a small stack of card backs
            back = pygame.Rect(0, 0, 112, 156)
            back.center = (self.deck_pos[0] + k * 2, self.deck_pos[1] + k * 3)
            pygame.draw.rect(surface, TH.shade(c.slate_light, 0.8 + 0.05 * (3 - k)), back, border_radius=10)
            pygame.draw.rect(surface, c.gold_dark, back, 2, border_radius=10)
        inner = back.inflate(-22, -22)
        pygame.draw.rect(surface, c.gold_dark, inner, 1, border_radius=6)
        TH.draw_marker(surface, inner.center, 16, c.gold_dark, "diamond")
        T.draw_text(surface, "Bank", (self.bank_pos[0], self.bank_pos[1] + 36), "small", c.text_dim,
                    anchor="midtop")
        pygame.draw.circle(surface, c.slate_dark, self.bank_pos, 26)
        for s in self.slots:
            slot = pygame.Rect(0, 0, 118, 162)
            slot.center = (int(s[0]), int(s[1]))
            pygame.draw.rect(surface, c.slate_light, slot, 2, border_radius=10)
        T.draw_text(surface, "Market", (table.centerx, self.slots[0][1] - 90), "small", c.text_dim,
                    anchor="midbottom")
        for i, (col, shape, letter) in enumerate(zip(self.colours, self.shapes, self.letters)):
            y = 436 + i * 31  # the seats: colour, shape and letter together, never colour alone
            TH.draw_marker(surface, (478, y), 12, col, shape, letter)
            T.draw_text(surface, f"Player {letter}", (500, y), "body", c.text, anchor="midleft")
            T.draw_text(surface, f"{7 + 3 * i} VP", (700, y), "body", c.gold_light, bold=True, anchor="midright")
        self.world.draw(surface, max_layer=-1)
        from .widgets import draw_panel

        draw_panel(surface, self.board, (66, 58, 46), "gold_dark", radius=14, border_width=2)
        T.draw_text(surface, "Player board", (self.board.x + 18, self.board.bottom - 34), "body", c.parchment_dark,
                    display=True)
        T.draw_text(surface, f"Purse: {self.purse}", (self.purse_origin()[0] + 68, self.board.bottom - 34), "body",
                    c.gold_light, bold=True, anchor="midtop")
        self.world.draw(surface, min_layer=0)


def _demo(argv: list[str]) -> int:
    frames = None
    shot: str | None = None
    for arg in argv:
        if arg.startswith("--frames="):
            frames = int(arg.split("=", 1)[1])
        elif arg.startswith("--screenshot="):
            shot = arg.split("=", 1)[1]
        else:
            print(f"demo: unknown option {arg!r} (known: --frames=N, --screenshot=PATH)", file=sys.stderr)
            return 2
    app = App("Shell demo")
    app.push(DemoScene(app))
    app.run(frames)
    if shot:
        app.screenshot(shot)
    stats = app.frame_stats()
    print(f"{stats['frames']} frames: median {stats['median_ms']:.1f} ms, p95 {stats['p95_ms']:.1f} ms; "
          f"first frame {app.first_frame_seconds or 0:.2f} s after start")
    return 0


if __name__ == "__main__":
    sys.exit(_demo(sys.argv[1:]))
