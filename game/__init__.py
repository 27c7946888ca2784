"""The games (``game.realm``, ``game.arcana``), what they share (``game.core``) and the window (``game.shell``).

This package is the product's composition root: it registers the games it ships. Nothing is
imported until a game is asked for (``game.core.games.get_game``).
"""

from .core.games import register_game
from .core.paths import AppIdentity, set_app_identity

# the folder and variable keep their first names, so players' settings and saves carry over
set_app_identity(AppIdentity(title="Realm of Reckoning \u00b7 Res Arcana", folder="RealmOfReckoning",
                             env_var="ROR_USER_DIR"))

register_game("realm", "game.realm.adapter:ADAPTER")
register_game("arcana", "game.arcana.adapter:ADAPTER")
