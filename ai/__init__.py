"""Game-agnostic bots: a small game protocol, random and information-set MCTS agents,
a worker thread, and seat-rotated tournaments. Nothing here knows a particular game."""
