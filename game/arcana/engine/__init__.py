"""Res Arcana rules engine: pure Python, no pygame, no threads, no I/O beyond loading content."""

from .actions import describe, from_json, to_json
from .content import Content, default_content, load_content
from .errors import ActionFormatError, ContentError, EngineError, IllegalAction, ReplayError
from .hidden import determinize, view
from .state import State, new_game

__all__ = ["ActionFormatError", "Content", "ContentError", "EngineError", "IllegalAction", "ReplayError", "State",
           "default_content", "describe", "determinize", "from_json", "load_content", "new_game", "to_json", "view"]
