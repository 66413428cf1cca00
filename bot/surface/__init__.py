"""The command surface: every slash command declared once, for every transport."""
