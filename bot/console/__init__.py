"""The console transport: the slash commands typed in a terminal or read from a script."""
