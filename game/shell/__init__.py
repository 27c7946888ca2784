"""The generic application shell: configuration, resource paths, scenes, motion and widgets.

Nothing here knows about a particular game, so a second game can reuse it.
"""
