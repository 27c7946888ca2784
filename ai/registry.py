"""Agents by spec string, and the hooks a game registers.

Specs:

- ``random``
- ``mcts`` with parameters: ``mcts:seconds=0.25,cutoff=20``
- a preset from the config, plain or under its kind: ``hard``, ``mcts:hard``;
  with overrides: ``hard:iterations=500`` or ``mcts:hard,seconds=1``
- a kind registered by the game through its hooks (``rule``, ``rule:noise=4``) or
  by :func:`register`.

Presets are ``{"hard": {"kind": "mcts", "seconds": 0.5, ...}}``; keys an agent
does not use are ignored in presets (``label``, another kind's keys), but an
unknown key written in a spec string is an error (it is usually a typo).
Every error is a ``ValueError`` with one line naming the spec.
"""

from __future__ import annotations

import importlib
import math
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import RandomAgent
from .mcts import ISMCTSAgent, SearchResult
from .protocol import Action, Agent, GameState, Prior, Progress, RolloutPolicy


@dataclass(frozen=True)
class Param:
    """One parameter of an agent kind: its type, default, bounds (or choices) and what it does.

    The one description of the mcts parameters: spec strings are checked against it here, and the
    settings file's preset schema (``game/core/config.py``) is built from it."""

    type: type
    default: Any
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None
    doc: str = ""
    note: str = ""  # added to the message of an out-of-range value

    def expect(self) -> str:
        kind = "a whole number" if self.type is int else "a number"
        return f"{kind} from {self.lo:g} to {self.hi:g}" + (f", {self.note}" if self.note else "")


MCTS_PARAMS: dict[str, Param] = {
    "seconds": Param(float, 0.5, 0.01, 30.0, doc="search time per decision"),
    "iterations": Param(int, 0, 0, 10_000_000, doc="search iterations per decision; 0 = use seconds"),
    "exploration": Param(float, 0.7, 0.0, 5.0, doc="UCB exploration constant"),
    "cutoff": Param(int, 0, 0, 10_000, doc="rollout decisions before evaluating; 0 = play to the end"),
    "rollout": Param(str, "fast", doc="rollout policy: random, or one the game names (its cheap policy: fast)"),
    "max_rollout_depth": Param(int, 2000, 1, 1_000_000, doc="rollout decisions at the most"),
    "ucb": Param(str, "ucb1", choices=("ucb1", "tuned"), doc="the selection rule"),
    "prior": Param(str, "none", doc="rank root actions by a game's prior (rule) and search its best; none"),
    "root_k": Param(int, 3, 1, 50, doc="how many of the prior's best root actions the search considers"),
    "keep_z": Param(float, 0.0, 0.0, 10.0, doc="overrule the prior's first choice only by this many standard errors"),
    "workers": Param(int, 0, 0, 64, doc="search processes side by side", note="0 = all cores but one"),
    "max_seconds": Param(float, 0.0, 0.0, 30.0, doc="stop a search still running after this many seconds, "
                         "its iterations not all done; 0 = no cap (tournaments leave it out)"),
}
# mcts parameters and their types
MCTS_KEYS: dict[str, type] = {k: p.type for k, p in MCTS_PARAMS.items()}


@dataclass
class GameHooks:
    """What a game gives the bots package, so that nothing game-specific lives in ``ai/``.

    ``new_game(players, seed)`` starts a game. ``agents`` maps the game's own agent
    kinds to factories taking the spec's parameters (``{"rule": make_rule_bot}``).
    ``rollout_policies`` are named playout policies (``rollout=NAME`` in a spec);
    ``rollout_policy`` is the default one (else the first named, else uniform random).
    ``priors`` rank root actions for ``prior=NAME``. ``seat_labels(final_state)``
    gives per seat a dict of labels for tournament reports (``{"faction": "x"}``).
    ``fallback(state, seat, legal)`` is the move the worker plays when a bot fails.
    ``path`` (``"module:attribute"``) lets search processes import the hooks again; it is set by
    :func:`load_hooks` and otherwise found by :func:`hooks_path` from the module of a hook function.
    ``preset_key`` names this game's own table inside a preset: a preset ``{"root_k": 3, "arcana":
    {"root_k": 6}}`` is ``root_k=6`` for the game whose ``preset_key`` is ``"arcana"`` and 3 for the
    others (see :func:`preset_for`).
    """

    new_game: Callable[[int, int], GameState]
    name: str = "game"
    agents: dict[str, Callable[[dict[str, Any]], Any]] = field(default_factory=dict)
    rollout_policies: dict[str, RolloutPolicy] = field(default_factory=dict)
    rollout_policy: RolloutPolicy | None = None
    priors: dict[str, Prior] = field(default_factory=dict)
    seat_labels: Callable[[GameState], list[dict[str, str]]] | None = None
    fallback: Callable[[GameState, int, Sequence[Action]], Action] | None = None
    path: str = ""
    preset_key: str = ""

    def default_rollout(self) -> RolloutPolicy | None:
        if self.rollout_policy is not None:
            return self.rollout_policy
        return next(iter(self.rollout_policies.values()), None)


# kind -> factory(params, hooks); built-in kinds and those added by register()
AgentFactory = Callable[[dict[str, Any], "GameHooks | None", str], Agent]
_KINDS: dict[str, AgentFactory] = {}


def register(kind: str, factory: AgentFactory) -> None:
    """Add an agent kind for every game: ``factory(params, hooks, spec) -> Agent``.

    A game's own kinds go in ``GameHooks.agents`` instead (they take ``params`` only).
    """
    if not kind or any(ch in kind for ch in ":,= "):
        raise ValueError(f"agent kind {kind!r} must be a plain word")
    _KINDS[kind] = factory


def load_hooks(path: str) -> GameHooks:
    """Import a game's hooks from ``"module:attribute"`` (attribute defaults to ``HOOKS``)."""
    mod, _, attr = path.partition(":")
    attr = attr or "HOOKS"
    try:
        module = importlib.import_module(mod)
    except ImportError as exc:
        raise ValueError(f"game hooks {path!r}: cannot import {mod!r} ({exc})") from None
    obj = getattr(module, attr, None)
    if obj is None:
        raise ValueError(f"game hooks {path!r}: module {mod!r} has no {attr!r}")
    if callable(obj) and not isinstance(obj, GameHooks):
        obj = obj()
    if not isinstance(obj, GameHooks):
        raise ValueError(f"game hooks {path!r}: {attr!r} is a {type(obj).__name__}, not GameHooks")
    if not obj.path and getattr(module, attr, None) is obj:
        obj.path = f"{mod}:{attr}"
    return obj


def hooks_path(hooks: GameHooks | None) -> str:
    """``"module:attribute"`` naming ``hooks`` ("" when it cannot be found): ``hooks.path``, else the
    module-level name bound to this very object in the module of one of its functions."""
    if hooks is None:
        return ""
    if hooks.path:
        return hooks.path
    funcs = [hooks.new_game, *hooks.agents.values(), *hooks.rollout_policies.values(), *hooks.priors.values(),
             hooks.rollout_policy, hooks.seat_labels, hooks.fallback]
    for fn in funcs:
        module = sys.modules.get(getattr(fn, "__module__", None) or "")
        for name, value in vars(module).items() if module is not None else ():
            if value is hooks:
                hooks.path = f"{module.__name__}:{name}"
                return hooks.path
    return ""


def set_weights(weights: Any, params: dict[str, Any], what: str = "rule-bot") -> Any:
    """Set a rule agent's named weights (a dataclass of floats) from a spec's or preset's parameters.

    The search's own keys (a preset's ``seconds``, ``cutoff``...) are skipped; an unknown name or a
    value that is not a finite number is a one-line ``ValueError``. Returns ``weights``."""
    for k, v in params.items():
        if k in MCTS_KEYS:
            continue  # search settings of a preset; a rule bot does not search
        if not hasattr(weights, k) or k.startswith("_"):
            raise ValueError(f"unknown {what} parameter {k!r}")
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueError(f"{what} parameter {k} must be a number (got {v!r})")
        setattr(weights, k, float(v))
    return weights


def _value(text: str) -> Any:
    t = text.strip()
    if t.lower() in ("true", "false"):
        return t.lower() == "true"
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def _kinds(hooks: GameHooks | None) -> list[str]:
    return list(dict.fromkeys([*_KINDS, *(hooks.agents if hooks else {})]))


def preset_for(preset: dict[str, Any], hooks: GameHooks | None) -> dict[str, Any]:
    """A preset as one game plays it: its per-game tables (the values that are tables) removed, and
    the one under ``hooks.preset_key`` laid over the rest."""
    own: dict[str, Any] = {}
    out: dict[str, Any] = {}
    for key, value in preset.items():
        if isinstance(value, dict):
            if hooks is not None and hooks.preset_key and key == hooks.preset_key:
                own = value
        else:
            out[key] = value
    out.update(own)
    return out


def parse_spec(spec: str, presets: dict[str, dict[str, Any]] | None,
               hooks: GameHooks | None = None) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """``(kind, preset parameters, spec parameters)`` of a spec string."""
    presets = presets or {}
    text = spec.strip()
    if not text:
        raise ValueError("empty bot spec")
    head, _, rest = text.partition(":")
    head = head.strip()
    preset: str | None = None
    explicit: dict[str, Any] = {}
    for part in rest.split(",") if rest else []:
        part = part.strip()
        if not part:
            continue
        key, eq, value = part.partition("=")
        if eq:
            if not key.strip():
                raise ValueError(f"bot {spec!r}: parameter {part!r} has no name")
            explicit[key.strip()] = _value(value)
        elif preset is None:
            preset = part
        else:
            raise ValueError(f"bot {spec!r}: two presets ({preset!r} and {part!r})")
    kinds = _kinds(hooks)
    kind: str | None
    if head in kinds:
        kind = head
    elif head in presets:
        if preset is not None:
            raise ValueError(f"bot {spec!r}: two presets ({head!r} and {preset!r})")
        kind, preset = None, head
    else:
        known = ", ".join(kinds + [p for p in presets if p not in kinds])
        raise ValueError(f"unknown bot {spec!r} (known: {known})")
    base: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            raise ValueError(f"bot {spec!r}: no preset {preset!r} (presets: {', '.join(presets) or 'none'})")
        base = preset_for(presets[preset], hooks)
        pkind = str(base.pop("kind", kind or ""))
        if kind is not None and pkind != kind:
            raise ValueError(f"bot {spec!r}: preset {preset!r} is a {pkind or '?'} bot, not {kind}")
        if pkind not in kinds:
            raise ValueError(f"bot {spec!r}: preset {preset!r} has unknown kind {pkind!r} (known: {', '.join(kinds)})")
        kind = pkind
    base.pop("label", None)
    explicit.pop("label", None)
    assert kind is not None
    return kind, base, explicit


def make_agent(spec: str, presets: dict[str, dict[str, Any]] | None = None, hooks: GameHooks | None = None) -> Any:
    """Build an agent from a spec string; ``ValueError`` (one line) for a bad spec."""
    kind, base, explicit = parse_spec(spec, presets, hooks)
    name = spec.strip()
    if hooks is not None and kind in hooks.agents and kind not in _KINDS:
        agent = hooks.agents[kind]({**base, **explicit})
    else:
        factory = _KINDS[kind]
        agent = factory({**base, **explicit, "_explicit": set(explicit)}, hooks, name)
    return agent


# ------------------------------------------------------------------ a time cap on an iteration budget
class _Deadline:
    """A search's ``cancel``: set once ``at`` (a ``perf_counter`` time) has passed or ``outer`` is set."""

    __slots__ = ("at", "outer")

    def __init__(self, at: float, outer: threading.Event | None) -> None:
        self.at = at
        self.outer = outer

    def is_set(self) -> bool:
        return time.perf_counter() >= self.at or (self.outer is not None and self.outer.is_set())


class CappedISMCTSAgent(ISMCTSAgent):
    """An :class:`ISMCTSAgent` whose search stops after ``max_seconds`` even if its iterations are not
    all done, and answers from what it searched by then (the search stops as a cancelled one does, so
    the unfinished last iteration counts for nothing). Until the cap is reached it is the same search,
    iteration for iteration: the cap only bounds the wait on a slow machine."""

    def __init__(self, *, max_seconds: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_seconds = float(max_seconds)

    def search(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None,
               candidates: tuple[list[Action], set[Action]] | None = None) -> SearchResult:
        stop = _Deadline(time.perf_counter() + self.max_seconds, cancel)
        res = super().search(state, seat, legal, rng, progress=progress, cancel=stop,  # type: ignore[arg-type]
                             candidates=candidates)
        res.cancelled = cancel is not None and cancel.is_set()  # the cap is no cancel: the answer stands
        return res


# ------------------------------------------------------------------ built-in kinds
def _random_factory(params: dict[str, Any], hooks: GameHooks | None, spec: str) -> Agent:
    extra = sorted(params.pop("_explicit", set()))
    if extra:
        raise ValueError(f"bot {spec!r}: random takes no parameters (got {', '.join(extra)})")
    return RandomAgent(name=spec)


def _mcts_factory(params: dict[str, Any], hooks: GameHooks | None, spec: str) -> Agent:
    explicit = params.pop("_explicit", set())
    args: dict[str, Any] = {}
    for k, v in params.items():
        typ = MCTS_KEYS.get(k)
        if typ is None:
            if k in explicit:
                raise ValueError(f"bot {spec!r}: unknown mcts parameter {k!r} (known: {', '.join(MCTS_KEYS)})")
            continue  # a preset key for another kind of bot
        try:
            if typ is not str and (isinstance(v, (bool, str)) or (typ is int and isinstance(v, float)
                                                                   and not v.is_integer())):
                raise ValueError
            args[k] = typ(v) if typ is not str else str(v)
            if typ is float and not math.isfinite(args[k]):
                raise ValueError
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"bot {spec!r}: {k} must be {'a whole number' if typ is int else 'a number'} "
                             f"(got {v!r})") from None
        par = MCTS_PARAMS[k]
        if typ is not str and ((par.lo is not None and args[k] < par.lo) or (par.hi is not None and args[k] > par.hi)):
            if k == "seconds" and args[k] == 0:
                pass  # "no time limit": ISMCTSAgent then needs iterations, and says so
            else:
                raise ValueError(f"bot {spec!r}: {k} must be {par.expect()} (got {args[k]:g})")
        if par.choices and args[k] not in par.choices:
            raise ValueError(f"bot {spec!r}: {k} must be one of {', '.join(par.choices)} (got {args[k]!r})")
    rollout_name = args.pop("rollout", None)
    rollouts = hooks.rollout_policies if hooks else {}
    if rollout_name is None:
        rollout = hooks.default_rollout() if hooks else None
    elif rollout_name == "random":
        rollout = None
    elif rollout_name in rollouts:
        rollout = rollouts[rollout_name]
    else:
        raise ValueError(f"bot {spec!r}: unknown rollout {rollout_name!r} (known: {', '.join(['random', *rollouts])})")
    prior_name = args.pop("prior", "none")
    priors = hooks.priors if hooks else {}
    if prior_name != "none" and prior_name not in priors:
        raise ValueError(f"bot {spec!r}: unknown prior {prior_name!r} (known: {', '.join(['none', *priors])})")
    prior = priors.get(prior_name)
    if "root_k" not in args:
        args["root_k"] = 3 if prior else 0
    recipe = {k: v for k, v in params.items() if k in MCTS_KEYS}
    cap = args.pop("max_seconds", 0.0)
    try:
        if cap > 0:
            agent: ISMCTSAgent = CappedISMCTSAgent(max_seconds=cap, name=spec, rollout=rollout, prior=prior, **args)
        else:
            agent = ISMCTSAgent(name=spec, rollout=rollout, prior=prior, **args)
    except ValueError as exc:
        raise ValueError(f"bot {spec!r}: {exc}") from None
    path = hooks_path(hooks)
    if path or hooks is None:
        agent.recipe = (path, recipe)  # how a search process builds the same agent (ai/pool.py)
    return agent


def build_mcts(hooks_path_: str, params: dict[str, Any], name: str) -> ISMCTSAgent:
    """The agent of an :attr:`ISMCTSAgent.recipe` (in a search process)."""
    hooks = load_hooks(hooks_path_) if hooks_path_ else None
    agent = _mcts_factory({**params, "_explicit": set()}, hooks, name)
    assert isinstance(agent, ISMCTSAgent)
    return agent


register("random", _random_factory)
register("mcts", _mcts_factory)
