"""Res Arcana: the pure rules engine (``game.arcana.engine``), bots and hooks."""
