"""Every option of a choice menu can be reached and chosen (play-test g6: a final reckoning's "Move a claim token"
listed only its first 8 options, "Equity token from Weeping Cliffs" not among them, and its panel covered the
supply bar). Over seeded games, at decisions with many options (the claim decision with every claim token the
board can hold), each legal action has a button wholly inside the window and above the supply bar, brought into
view by the wheel or the arrow keys if need be, and clicking it chooses that very action."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.engine.constants import N_PILLARS, N_REGIONS
from game.realm.ui.table import SUPPLY_RECT
from game.shell import testing
from tests.realm_ui_helpers import realm_table_at

# the decisions whose options are a menu of buttons (the others are chosen on the board)
MENU_DECISIONS = ("claim", "move", "tuck", "warden", "steal", "dominion", "lose_merc", "lose_warden")


def _state_at(seed: int, decision: str, players: int = 3) -> Any | None:
    """The position of a seeded game at ``decision`` with the most options (None: the game had none)."""
    st = new_game(players, seed=seed)
    rng = random.Random(seed)
    best = None
    while not st.is_terminal():
        if st.decision_name() == decision and (best is None or len(st.legal_actions()) > len(best.legal_actions())):
            best = st.copy()
        st.apply(fast_policy(st, rng))
    return best


def _most_claims(st: Any) -> Any:
    """``st`` with a claim token of every pillar in every region but the one reckoned: the most options."""
    for i in range(N_REGIONS * N_PILLARS):
        if i // N_PILLARS != st.rk.region:
            st.claims[i] = max(1, st.claims[i])
    return st


def _option_buttons(scene: Any) -> list[Any]:
    return [b for b in scene.buttons if scene.options_rect is not None and scene.options_rect.contains(b.rect)]


def _reached(app: Any, scene: Any, window: pygame.Rect) -> set[tuple]:
    """Every action a click on an option button chooses, over the list scrolled from its top to its end by
    the wheel and by the down arrow; each button clicked is wholly in the window and clear of the supply bar."""
    reached: set[tuple] = set()
    for how in ("wheel", "key"):
        for _ in range(40):
            for b in _option_buttons(scene):
                assert window.contains(b.rect) and not b.rect.colliderect(SUPPLY_RECT), (b.text, b.rect)
                testing.click(app, b.rect.center)
                assert scene.pending is not None, b.text
                reached.add(scene.pending)
                scene.cancel_pending()
            before = [b.text for b in _option_buttons(scene)]
            if how == "wheel":
                testing.wheel(app, scene.options_rect.center, -1)
            else:
                testing.key(app, pygame.K_DOWN)
            if [b.text for b in _option_buttons(scene)] == before:
                break
        assert not scene.options_rect.colliderect(SUPPLY_RECT)
        for _ in range(40):  # back to the top, for the other way
            testing.key(app, pygame.K_UP)
    return reached


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("decision", MENU_DECISIONS)
def test_every_option_of_a_menu_is_reachable_and_chooses_its_action(cfg, seed: int, decision: str) -> None:
    st = _state_at(seed, decision)
    if st is None:
        pytest.skip(f"no {decision} decision in seed {seed}")
    if decision == "claim":
        st = _most_claims(st)
    legal = set(st.legal_actions())
    app, scene = realm_table_at(cfg, st)
    window = pygame.Rect((0, 0), app.canvas.get_size())
    assert _reached(app, scene, window) == legal
    scene.s.close()


def test_the_claim_menu_with_every_token_needs_more_than_the_panel_held(cfg) -> None:
    """The case of the play-test: more claim options than the old eight (so the test above tests the scroll)."""
    st = _most_claims(_state_at(1, "claim"))
    assert len(st.legal_actions()) > 8


def test_a_move_put_in_preview_from_elsewhere_brings_its_option_into_view(cfg) -> None:
    """A hint (or any move put in preview other than by its button) whose option is out of the panel's window:
    the window moves to show it, lit, so Confirm is not for a move the player cannot see."""
    st = _most_claims(_state_at(1, "claim"))
    app, scene = realm_table_at(cfg, st)
    last, seat = st.legal_actions()[-1], st.to_move()
    assert scene.pending is None and scene.option_cue is not None
    scene.choose(last)
    testing.step(app, 2)
    lit = [b for b in _option_buttons(scene) if b.style == "primary"]
    assert len(lit) == 1
    testing.click(app, lit[0].rect.center)  # its button, clicked, is that move (chosen again: submitted)
    assert len(scene.s.actions) == 1 and scene.s.actions[0]["seat"] == seat
    scene.s.close()
