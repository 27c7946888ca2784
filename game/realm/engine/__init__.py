"""The pure Realm of Reckoning rules engine (no pygame, threads or I/O beyond loading content).

Typical use::

    from game.realm.engine import new_game
    s = new_game(players=3, seed=7)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    print(s.score, s.winner)
"""

from .actions import describe, from_json, to_json
from .content import Content, default_content, load_content
from .errors import ActionFormatError, ContentError, EngineError, IllegalAction, ReplayError
from .state import State, new_game

__all__ = [
    "ActionFormatError", "Content", "ContentError", "EngineError", "IllegalAction", "ReplayError",
    "State", "default_content", "describe", "from_json", "load_content", "new_game", "to_json",
]
