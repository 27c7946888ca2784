"""Errors raised by the Res Arcana rules engine (same names as Realm's; to be unified later)."""


class EngineError(Exception):
    """Base class of engine errors."""


class ContentError(EngineError):
    """A content data file is malformed; the message names the file and the entry."""


class IllegalAction(EngineError):
    """An action that is not legal in the current state. The state is unchanged."""


class ActionFormatError(IllegalAction):
    """An action's JSON form could not be understood."""


class ReplayError(EngineError):
    """A game log is corrupt or does not reproduce its recorded result."""
