"""Game-agnostic bots: a small game protocol, random and information-set MCTS agents,
a worker thread with root-parallel search processes, and seat-rotated tournaments.
Nothing here knows a particular game; a game plugs in by implementing ``ai.protocol.GameState`` and giving a
``ai.registry.GameHooks``. See docs/ai.md."""

from .agents import RandomAgent
from .mcts import ISMCTSAgent, SearchResult
from .pool import SearchError, SearchPool
from .protocol import Agent, GameState, Prior, RolloutPolicy
from .registry import GameHooks, load_hooks, make_agent, register
from .worker import BotWorker, WorkerResult

__all__ = ["Agent", "BotWorker", "GameHooks", "GameState", "ISMCTSAgent", "Prior", "RandomAgent", "RolloutPolicy",
           "SearchError", "SearchPool", "SearchResult", "WorkerResult", "load_hooks", "make_agent", "register"]
