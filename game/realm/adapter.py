"""Realm of Reckoning's adapter: what the shared core and the window need of this game."""

from __future__ import annotations

from typing import Any

from game.core.games import GameAdapter

from .engine import State, describe, from_json, new_game, to_json
from .engine.undo import step_kind


def _new_game(players: int, seed: int, **setup: Any) -> State:
    unknown = set(setup) - {"factions"}
    if unknown:
        raise ValueError(f"unknown setup {', '.join(sorted(unknown))} (Realm of Reckoning takes: factions)")
    factions = setup.get("factions")
    if factions is not None and (not isinstance(factions, list) or not all(isinstance(f, str) for f in factions)):
        raise ValueError("factions must be a list of faction ids")
    return new_game(players, seed=seed, factions=factions)


def _setup_of(state: State) -> dict[str, Any]:
    return {"factions": [state.c.factions[f].id for f in state.factions]}


def _result(state: State) -> dict[str, Any]:
    return {"scores": state.score[:], "winner": state.winner, "age_scores": [list(a) for a in state.age_scores]}


def _seat_names(state: State) -> list[str]:
    return [state.c.factions[f].name for f in state.factions]


def _seat_colours(state: State) -> list[tuple[int, int, int]]:
    """Each seat's faction colour, as its disc and its board show it (``ui.look.FACTION_RGB``)."""
    from .ui.look import FACTION_RGB  # the window's: asked only by the window

    return [FACTION_RGB.get(state.c.factions[f].id, (200, 200, 200)) for f in state.factions]


def _review_room(players: int) -> tuple[int, int, int, int]:
    """The review's panel over the hand (``ui.table.HAND_RECT``): the boards at the right and the regions, the
    tracks and the objectives above stay in sight."""
    from .ui.table import HAND_RECT  # the window's: asked only by the window

    return tuple(HAND_RECT)  # type: ignore[return-value]


def _narrate(state: State, event: dict[str, Any], names: list[str]) -> str | None:
    from .ui.words import event_text  # pygame-free: the words of the log, the history and the move feed

    return event_text(state.c, event, lambda p: names[p] if 0 <= p < len(names) else "The table") or None


def _heading(event: dict[str, Any]) -> str | None:
    """Every event names its age and round: the history groups the moves by them."""
    if event.get("age", 0) >= 1 and event.get("round", 0) >= 1:
        return f"Age {event['age']}, round {event['round']}"
    return None


def _move_words(state: State, action: Any, names: list[str]) -> str:
    from .ui.words import action_words

    return action_words(state.c, action, lambda p: names[p] if 0 <= p < len(names) else "the table")


def _fold(previous: dict[str, Any], event: dict[str, Any]) -> dict[str, Any] | None:
    from .ui.words import fold_dominion  # the Dominion bonus and what it brought, one line

    return fold_dominion(previous, event)


def _parse_setup(name: str, text: str, players: int) -> dict[str, Any]:
    items = [x.strip() for x in text.split(",") if x.strip()]
    if len(items) != players:
        raise ValueError(f"--{name} lists {len(items)} entries for {players} players")
    return {"factions": items}


def _upgrade_record(obj: dict[str, Any]) -> dict[str, Any] | None:
    """Version 1 logs and saves (before the shared record format) as a version 2 header."""
    fmt = obj.get("format")
    if fmt not in ("realm-of-reckoning-log", "realm-of-reckoning-save"):
        return None
    if obj.get("version") != 1:
        return {"_error": f"{fmt} version {obj.get('version')!r} is not supported (this edition reads version 1)"}
    players = obj.get("players")
    if fmt == "realm-of-reckoning-log":
        bots = obj.get("bots") or []
        seats = [{"kind": "bot", "bot": b} for b in bots] if isinstance(bots, list) and len(bots) == players \
            else [{"kind": "bot", "bot": "rule"}] * (players if isinstance(players, int) else 0)
        return {"game": "realm", "players": players, "seed": obj.get("seed"),
                "setup": {"factions": obj.get("factions")}, "seats": seats}
    return {"game": "realm", "players": players, "seed": obj.get("seed"), "setup": {"factions": obj.get("factions")},
            "seats": obj.get("seats"), "actions": obj.get("actions", [])}


def _fill_old_step(state: Any, revision: int) -> Any | None:
    """Records of rules revision 1 (before the payer chose): the engine then paid by itself whenever its
    shortlist of payments had one entry, so such a record has no line for that payment."""
    if revision < 2 and state.decision_name() == "pay":
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
    return None


ADAPTER = GameAdapter(
    key="realm",
    title="Realm of Reckoning",
    tagline="card drafting \u00b7 card tucking \u00b7 sealed bidding",
    min_players=2,
    max_players=5,
    default_players=4,
    hooks_path="game.realm.hooks:HOOKS",
    new_game=_new_game,
    setup_of=_setup_of,
    to_json=lambda state, action: to_json(state.c, action),
    from_json=lambda state, obj: from_json(state.c, obj),
    describe=lambda state, action: describe(state.c, action),
    view=lambda state, seat: state.view(seat),
    result=_result,
    seat_names=_seat_names,
    ui_module="game.realm.ui.main",
    guide_path="game.realm.guide:GUIDE",
    setup_flags={"factions": "comma-separated faction ids, one per seat (random for a random one)"},
    parse_setup=_parse_setup,
    upgrade_record=_upgrade_record,
    rules_revision=2,  # 2: the payer chooses whenever more than one legal payment exists
    fill_old_step=_fill_old_step,
    undo_step=step_kind,
    narrate=_narrate,
    fold=_fold,
    heading=_heading,
    move_words=_move_words,
    seat_colours=_seat_colours,
    review_room=_review_room,
)
