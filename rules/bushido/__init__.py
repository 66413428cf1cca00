"""Bushido, the battle of Sekigahara: commanders in camps, hidden movement pieces."""
