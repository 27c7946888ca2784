"""Res Arcana's adapter: what the shared core and the window need of this game."""

from __future__ import annotations

from typing import Any

from game.core.games import GameAdapter

from .engine import State, describe, from_json, new_game, to_json
from .engine.content import ESS_INDEX

SOURCE_NAMES = {"artifact": "Artifacts", "monument": "Monuments", "place_of_power": "Places of power",
                "mage": "Mage", "magic_item": "Magic item"}


def _new_game(players: int, seed: int, **setup: Any) -> State:
    unknown = set(setup) - {"preset", "draft"}
    if unknown:
        raise ValueError(f"unknown setup {', '.join(sorted(unknown))} (Res Arcana takes: preset, draft)")
    preset = setup.get("preset", "first_game")
    draft = setup.get("draft", False)
    if not isinstance(preset, str):
        raise ValueError("preset must be first_game or random")
    if type(draft) is not bool:
        raise ValueError("draft must be true or false")
    return new_game(players, seed, preset=preset, draft=draft)


def points_by_source(state: State, p: int) -> dict[str, int]:
    """Seat ``p``'s points now, by where they come from (the parts add up to ``state.points(p)``)."""
    out: dict[str, int] = {}
    cards = state.c.cards
    for ci in state.play[p]:
        cd = cards[ci]
        pts = cd.vp
        for kind, key, k in cd.vp_formula:
            if kind == "essence":
                pts += state.on[ci * 5 + ESS_INDEX[key]] * k
            else:
                dragon = key == "dragon"
                pts += k * sum(1 for x in state.play[p] if (cards[x].dragon if dragon else cards[x].creature))
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
            "sources": [points_by_source(state, p) for p in range(state.n)]}


def _seat_names(state: State) -> list[str]:
    names = []
    for p in range(state.n):
        mages = [state.c.cards[ci].name for ci in state.play[p] if state.c.cards[ci].kind == "mage"]
        names.append(mages[0] if mages else f"Player {p + 1}")
    return names


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
    setup_of=lambda state: {"preset": state.preset, "draft": state.draft},
    to_json=lambda state, action: to_json(state.c, action),
    from_json=lambda state, obj: from_json(state.c, obj),
    describe=lambda state, action: describe(state.c, action),
    view=lambda state, seat: state.view(seat),
    result=_result,
    seat_names=_seat_names,
    ui_module="game.arcana.ui",
    setup_flags={"preset": "Res Arcana: first_game (sun sides, preset hands) or random",
                 "draft": "Res Arcana: yes for the draft variant (with --preset random)"},
    parse_setup=_parse_setup,
    demo_seats=("normal", "hard", "normal"),
)
