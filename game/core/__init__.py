"""What every game shares: the game registry and adapter, the session, records (saves and logs), the command line."""
