"""The read-only web companion: a page for every game, league and player, served by aiohttp.

A transport beside Discord and the console: it reads the store and draws with the same
board cache as the bot, and never writes a game (the only rows it makes are the site's
address secret). docs/web.md says how to turn it on and what a page may show.
"""
