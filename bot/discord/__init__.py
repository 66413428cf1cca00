"""The Discord transport (discord.py): slash commands built from the surface, buttons, replies
in time, one live message per turn, and the scheduler's notices."""
