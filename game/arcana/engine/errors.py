"""Errors raised by the Res Arcana rules engine: the shared classes of ``game.core.errors``."""

from game.core.errors import ActionFormatError, ContentError, EngineError, IllegalAction, ReplayError

__all__ = ["ActionFormatError", "ContentError", "EngineError", "IllegalAction", "ReplayError"]
