"""The games (``game.realm``, ``game.arcana``), what they share (``game.core``) and the window (``game.shell``)."""
