"""Every string a player sees names things as the game does: never ids, dicts or seat numbers.

Several seeded games are played to the end by clicks (every seat human, so every kind of decision
is shown on the table); every text drawn in every frame, every tooltip of the table and every log
line is checked.
"""

from __future__ import annotations

import re

import pygame
import pytest

from game.core.games import games
from game.core.session import GameSession, Seat
from game.realm.ui.main import SetupScene, TableScene
from game.shell import testing
from game.shell.rules import RulesScene, rules_path
from game.shell.title import TitleScene

from .test_realm_ui_playthrough import run_game

ID_LIKE = re.compile(
    r"\b[AMW]\d{2}\b"  # action card A31, mercenary M16
    r"|\bW\d_\d+\b"  # reward card W3_11
    r"|\b[RF]\d?_[a-z_]+"  # reckoning card R1_stone_gardens, final F_weeping_cliffs
    r"|\b[a-z]+_[a-z_]+\b"  # any snake_case id (veil_wardens, merc_discard, track_guidance)
    r"|[{}]|'type'"  # a dict
    r"|\b[Ss]eat \d"  # seat numbers
    r"|\bdocs/|\.md\b"  # a file of the project
)


def bad_words(texts) -> set[str]:
    return {t for t in texts if ID_LIKE.search(t)}


class Collector:
    def __init__(self) -> None:
        self.bad: dict[str, str] = {}
        self.kinds: set[str] = set()

    def check(self, where: str, texts) -> None:
        for t in bad_words(texts):
            self.bad.setdefault(t, where)

    def __call__(self, app) -> None:
        top = app.stack.top
        where = type(top).__name__
        self.check(where, testing.drawn_texts(app))
        table = app.stack.find(TableScene)
        if table is not None and top is table and table.s.human_to_move() and table.viewer == table.s.to_move():
            d = table.s.state.decision_name()
            if d not in self.kinds:  # the tooltips of the table, once per kind of decision
                self.kinds.add(d)
                self.check(f"tooltip at {d}", [h.tip for h in table.hotspots])
            self.check(f"button at {d}", [b.text for b in table.buttons])
            self.check(f"header at {d}", [table._hints().prompt])
        if table is not None:
            self.check("log", [e.text for e in table.log.entries])


GAMES = [(2, 11), (3, 5), (5, 3), (4, 7)]  # between them: every kind of decision but the rare Guidance advance
KINDS: set[str] = set()


@pytest.mark.parametrize("players,seed", GAMES)
def test_no_ids_reach_the_player(cfg, players: int, seed: int) -> None:
    app = testing.make_app(skip_animations=True)
    names = [f"Player {chr(65 + i)}" if players != 3 else "" for i in range(players)]  # 3: faction names
    sess = GameSession(players, [Seat("human", name=nm) for nm in names], seed=seed)
    app.push(TableScene(cfg, sess))
    col = Collector()
    seen = run_game(app, on_frame=col, seed=seed)
    KINDS.update(seen)
    assert sess.state.is_terminal()
    testing.step(app, 2)
    col.check("results", testing.drawn_texts(app))
    assert not col.bad, "\n".join(f"{where}: {t!r}" for t, where in sorted(col.bad.items(), key=lambda x: x[1]))


def test_the_games_visit_every_kind_of_decision() -> None:
    """Runs after the games above (pytest keeps file order): they met every decision a person can meet."""
    if not KINDS:
        pytest.skip("run with the games above")
    want = {"select", "discard", "tuck", "place", "move", "steal", "warden", "merc_discard", "dominion", "reward",
            "claim", "bid", "pay", "row", "monument", "lose_acolyte", "lose_merc", "lose_warden", "curtain",
            "ReckoningScene", "AgeScoringScene"}
    assert want <= KINDS, want - KINDS


def test_title_setup_and_rules_name_no_ids(cfg) -> None:
    app = testing.make_app()
    app.push(TitleScene(cfg, games()))
    testing.step(app, 2)
    texts = testing.drawn_texts(app)
    app.push(SetupScene(cfg))
    testing.step(app, 2)
    texts += testing.drawn_texts(app)
    texts += [w.text for w in testing.widgets(app) if w.text]
    rules = RulesScene(path=rules_path("realm"))
    app.push(rules)
    for _section in rules.sections:
        for _ in range(40):  # every page of every section
            testing.key(app, pygame.K_PAGEDOWN, frames=3)
            texts += testing.drawn_texts(app)
        testing.key(app, pygame.K_DOWN, frames=2)
    assert not bad_words(texts), sorted(bad_words(texts))
    assert not any(t.islower() and t.replace(" ", "").isalpha() and t in ("guilded", "watchers", "remnants",
                                                                          "archivists") for t in texts)


def test_the_log_says_you_take_and_ann_takes() -> None:
    """The one human is "You", and the verb agrees with the name in every line that names a seat."""
    from game.realm.engine import default_content
    from game.realm.ui.words import event_text

    c = default_content()
    events = [{"type": "row", "seat": 0, "row": 2}, {"type": "tuck", "seat": 0, "card": 0, "pillar": 1},
              {"type": "monument", "seat": 0, "space": 0}, {"type": "artifact", "seat": 0, "pillar": 3},
              {"type": "reckoning", "seat": 0, "region": 1, "final": False}, {"type": "game_over", "winner": 0}]
    for d in events:
        mine, hers = event_text(c, d, lambda p: "You"), event_text(c, d, lambda p: "Ann")
        assert re.search(r"\bYou (take|tuck|build|start|win)\b", mine), mine
        assert re.search(r"\bAnn (takes|tucks|builds|starts|wins)\b", hers), hers


A_BEFORE_A_VOWEL = re.compile(r"\ba [AEIOUaeiou]")


def test_an_before_a_vowel_in_the_warden_words_and_the_mercenaries_claim_tokens(cfg) -> None:
    """The play-tester read "a Understanding claim token": Realm's words take "an" before a vowel sound."""
    from game.realm.ui.words import a_or_an, action_words

    assert A_BEFORE_A_VOWEL.search("pays bids in regions with a Understanding claim token")  # the control
    assert (a_or_an("Understanding"), a_or_an("Guidance"), a_or_an("Equity or Dominion")) == (
        "an Understanding", "a Guidance", "an Equity or Dominion")
    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], 8, game="realm")
    c = sess.state.c
    said = [action_words(c, (kind, pillar), str) for kind in ("warden", "lose_warden")
            for pillar in range(len(c.pillar_names))]
    assert "Recruit an Understanding warden" in said and "Lose a Guidance warden" in said
    sess.state.mercs[0] = list(range(len(c.mercenaries)))  # every mercenary on the viewer's board
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 2)
    tips = [h.tip for h in table.hotspots if h.kind == "merc"]
    assert len(tips) == len(c.mercenaries) and any(" an " in t for t in tips)
    assert [t for t in said + tips if A_BEFORE_A_VOWEL.search(t)] == []


def test_the_engines_warden_words_take_an_before_a_vowel() -> None:
    """The preview asked "Recruit a Understanding warden?" (the engine's title, not the window's words)."""
    from game.realm.engine import new_game
    from game.realm.engine.kinds import KINDS

    c = new_game(3, seed=1).c
    said = [text(c, (kind, colour)) for kind in ("warden", "lose_warden") for colour in range(len(c.pillar_names))
            for text in (KINDS[kind].describe, KINDS[kind].title)]
    assert "Recruit an Understanding warden?" in said and "Recruit a Guidance warden?" in said
    assert not [s for s in said if A_BEFORE_A_VOWEL.search(s)]
