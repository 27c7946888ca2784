"""Res Arcana's adapter: what the shared core and the window need of this game."""

from __future__ import annotations

from typing import Any

from game.core.games import GameAdapter

from .engine import State, describe, from_json, new_game, to_json
from .engine.state import K_CLAIM, K_FIRST, K_PLACE, K_RIVAL, MATCH_GAMES
from .engine.undo import step_kind

SOURCE_NAMES = {"artifact": "Artifacts", "monument": "Monuments", "place_of_power": "Places of power",
                "mage": "Mage", "magic_item": "Magic item"}


def _new_game(players: int, seed: int, **setup: Any) -> State:
    unknown = set(setup) - {"preset", "draft", "match"}
    if unknown:
        raise ValueError(f"unknown setup {', '.join(sorted(unknown))} (Res Arcana takes: preset, draft, match)")
    match = setup.get("match")
    preset = setup.get("preset", "first_game" if match is None else "random")
    draft = setup.get("draft", False)
    if not isinstance(preset, str):
        raise ValueError("preset must be first_game or random")
    if type(draft) is not bool:
        raise ValueError("draft must be true or false")
    return new_game(players, seed, preset=preset, draft=draft, match=match)


def _setup_of(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {"preset": state.preset, "draft": state.draft}
    if state.match is not None:  # only then: older records and their setups stay as they were
        out["match"] = state.match
    return out


def _game_wins(state: State) -> list[float]:
    """This finished game's share of a match win per seat (a shared victory is half a win each)."""
    w = state.winners
    return [(1.0 if len(w) == 1 else 0.5) if p in w else 0.0 for p in range(state.n)]


def _match_of(state: State) -> dict[str, Any] | None:
    """The game's place in its match (see ``GameAdapter.match_of``), or None outside a match."""
    m = state.match
    if m is None:
        return None
    k = m["game"]
    wins = [float(x) for x in m["wins"]]
    over = False
    if state.is_terminal():
        wins = [x + y for x, y in zip(wins, _game_wins(state), strict=True)]
        over = k == MATCH_GAMES or (k == 2 and wins[0] != wins[1])
    winner = -1
    if over and wins[0] != wins[1]:
        winner = 0 if wins[0] > wins[1] else 1
    return {"game": k, "of": MATCH_GAMES, "wins": wins, "over": over, "winner": winner}


def _next_in_match(state: State) -> dict[str, Any] | None:
    """The setup of the match's next game, built from this finished game; once the match is decided,
    the first game of a new match for the same players; None outside a match or before the end."""
    info = _match_of(state)
    if info is None or not state.is_terminal():
        return None
    if info["over"]:
        return {"preset": "random", "draft": False, "match": {"game": 1, "wins": [0, 0]}}
    cards = state.c.cards
    w = state.winners
    chooser = 1 - w[0] if len(w) == 1 else 1 - state.fp0  # a drawn game's loser: who was not first player
    mages = [next(cards[x].id for x in state.play[p] if cards[x].kind == "mage") for p in range(2)]
    m: dict[str, Any] = {"game": info["game"] + 1, "wins": info["wins"], "chooser": chooser, "mages": mages}
    if info["game"] == 1:  # all 16 artifacts, wherever they ended
        arts = sorted(x for p in range(2) for zone in (state.hand, state.deck, state.disc, state.play)
                      for x in zone[p] if cards[x].kind == "artifact")
        m["pool"] = [cards[x].id for x in arts]
    else:  # each seat keeps the 8 it picked in game 2
        m["decks"] = [[cards[x].id for x in own] for own in state.mown]
    return {"preset": "random", "draft": False, "match": m}


def _describe(state: State, action: Any) -> str:
    """``action`` in words, read in ``state`` (the position it is taken in: a step of a power says what it
    is for; see ``engine.actions.describe``)."""
    names = _seat_names(state) if isinstance(action, tuple) and action[:1] in ((K_FIRST,), (K_RIVAL,)) else None
    return describe(state.c, action, names, state)


def points_by_source(state: State, p: int) -> dict[str, int]:
    """Seat ``p``'s points now, by where they come from (the parts add up to ``state.points(p)``)."""
    out: dict[str, int] = {}
    cards = state.c.cards
    for ci in state.play[p]:
        cd = cards[ci]
        pts = state.card_points(p, ci)
        if pts:
            name = SOURCE_NAMES.get(cd.kind, cd.kind)
            out[name] = out.get(name, 0) + pts
    if state.token == p:
        out["First player"] = 1
    if state.temp_vp[p]:
        out["Other"] = state.temp_vp[p]
    return out


def _result(state: State) -> dict[str, Any]:
    winners = list(state.winners)
    return {"scores": [state.points(p) for p in range(state.n)],
            "winner": winners[0] if len(winners) == 1 else -1, "winners": winners,
            "sources": [points_by_source(state, p) for p in range(state.n)],
            "columns": [*SOURCE_NAMES.values(), "First player", "Other"]}  # the same order every game


def _result_note(state: State) -> str:
    """How a tie for the most points was settled (the essences left in the pool), else ""."""
    from .ui.words import tie_words  # pygame-free

    if not state.is_terminal():
        return ""
    return tie_words([state.points(p) for p in range(state.n)], [state.tiebreak(p) for p in range(state.n)],
                     list(state.winners), _seat_names(state)).strip()


def _seat_names(state: State) -> list[str]:
    names = []
    for p in range(state.n):
        mages = [state.c.cards[ci].name for ci in state.play[p] if state.c.cards[ci].kind == "mage"]
        names.append(mages[0] if mages else f"Player {p + 1}")
    return names


# each seat's colour, as its marker on the table shows it (ui/table.py draws with these) and the review's chart
SEAT_COLOURS = ((214, 172, 78), (120, 170, 220), (200, 120, 170), (130, 196, 140))


def _seat_colours(state: State) -> list[tuple[int, int, int]]:
    """Each seat's colour on the table (:data:`SEAT_COLOURS`)."""
    return [SEAT_COLOURS[p % len(SEAT_COLOURS)] for p in range(state.n)]


def _review_room(players: int) -> tuple[int, int, int, int]:
    """The review's panel over the decision panel (empty in a past position): the rivals' cards above and the
    player's own at the left stay in sight."""
    from .ui.layout import decision_panel  # the window's: asked only by the window

    return tuple(decision_panel(players))  # type: ignore[return-value]


def _narrate(state: State, event: dict[str, Any], names: list[str]) -> str | None:
    from .ui.words import event_text  # pygame-free: the words of the log, the history and the move feed

    return event_text(state.c, event, names, before_rounds=not state.round)


def _told_with_next(state: State, action: Any) -> bool:
    """A card chosen to put into play or claim, whose payment is the seat's next move: the payment's events
    tell both (when it needed no choice, the choice's own events tell it and this is not asked)."""
    return isinstance(action, tuple) and bool(action) and action[0] in (K_PLACE, K_CLAIM)


def _fold(previous: dict[str, Any], event: dict[str, Any]) -> dict[str, Any] | None:
    from .ui.words import fold_gains

    return fold_gains(previous, event)


def _heading(event: dict[str, Any]) -> str | None:
    from .ui.words import heading

    return heading(event)


def _parse_setup(name: str, text: str, players: int) -> dict[str, Any]:
    if name == "preset":
        return {"preset": text.strip()}
    if name == "draft":
        v = text.strip().lower()
        if v not in ("yes", "no", "true", "false"):
            raise ValueError("--draft must be yes or no")
        return {"draft": v in ("yes", "true")}
    raise ValueError(f"--{name} is not an option of Res Arcana")


ADAPTER = GameAdapter(
    key="arcana",
    title="Res Arcana",
    tagline="essences \u00b7 artifacts \u00b7 places of power",
    min_players=2,
    max_players=4,
    default_players=2,
    hooks_path="game.arcana.hooks:HOOKS",
    new_game=_new_game,
    setup_of=_setup_of,
    to_json=lambda state, action: to_json(state.c, action),
    from_json=lambda state, obj: from_json(state.c, obj),
    describe=_describe,
    view=lambda state, seat: state.view(seat),
    result=_result,
    seat_names=_seat_names,
    ui_module="game.arcana.ui",
    setup_flags={"preset": "Res Arcana: first_game (sun sides, preset hands) or random",
                 "draft": "Res Arcana: yes for the draft variant (with --preset random)"},
    parse_setup=_parse_setup,
    match_of=_match_of,
    next_in_match=_next_in_match,
    demo_seats=("normal", "hard", "normal"),
    undo_step=step_kind,
    narrate=_narrate,
    heading=_heading,
    guide_path="game.arcana.guide:GUIDE",
    fold=_fold,
    told_with_next=_told_with_next,
    result_note=_result_note,
    seat_colours=_seat_colours,
    review_room=_review_room,
)
