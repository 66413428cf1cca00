"""Pure rules of the game systems Banneret runs: pydantic and the standard library only."""
