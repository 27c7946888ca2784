"""Realm of Reckoning: the engine (``game.engine``), the app shell (``game.shell``) and the window (``game.ui``)."""
