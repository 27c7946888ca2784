"""Realm of Reckoning: its engine, rule bot, adapter and window."""
