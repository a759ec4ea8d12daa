"""One hand of a game, stepped through from Python (one module per game)."""
