"""The games (``game.realm``, ``game.arcana``), what they share (``game.core``) and the window (``game.shell``).

This package is the product's composition root: it registers the games it ships. Nothing is
imported until a game is asked for (``game.core.games.get_game``).
"""

from .core.games import register_game
from .core.paths import AppIdentity, set_app_identity

# one name for the two-game product; the first release's folder is moved to the new name on the first
# start, and its variable is still read, so players' settings, saves and logs carry over
set_app_identity(AppIdentity(title="Reckoning & Arcana", folder="ReckoningArcana",
                             env_var="RECKONING_ARCANA_USER_DIR",
                             old_folders=("RealmOfReckoning",), old_env_vars=("ROR_USER_DIR",)))

register_game("realm", "game.realm.adapter:ADAPTER")
register_game("arcana", "game.arcana.adapter:ADAPTER")
