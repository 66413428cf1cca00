"""The rules reference in chat: find rules, show one, and cite the rule behind a refusal.

Rule statements are our own words, kept with a stable id in data/rules/*.toml and
translated in data/rules/*.<language>.toml; everything around them (the citation
line, the source, the search replies) comes from the catalogue. Replies follow the
channel's game language when there is a game, else the caller's Discord language.
"""

from __future__ import annotations

from bot.errors import UnknownRule
from bot.replies import Reply
from bot.store import Store
from bot.table import Caller
from bot.text import Words, pick_language
from rules.core.references import RuleReference, rule, search, worded


def cite(words: Words, ref: RuleReference) -> list[str]:
    """Return the two lines that cite a rule: its id and title, then its statement."""
    title, statement = worded(ref, words.language)
    return [words("rule-rule-line", id=ref.id, title=title), statement]


class Rulebook:
    """Answer `/rules search` and `/rules show` in the channel's language."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def language(self, channel_id: str, caller: Caller) -> str:
        """Return the language to answer in: the channel's game's, else the caller's."""
        with self.store.reading() as tx:
            game = tx.latest_game(channel_id)
        return pick_language(game.language if game else None, caller.locale)

    def search(
        self,
        channel_id: str,
        caller: Caller,
        query: str,
        system_id: str | None = None,
        public: bool = False,
    ) -> Reply:
        """List the rules that match the words of a query, best first."""
        words = Words.of(self.language(channel_id, caller))
        found = search(query, system=system_id, limit=10)
        lines = [words("rules-line", id=r.id, title=worded(r, words.language)[0])
                 for r in found]
        text = (words("rules-found", count=len(found), query=query) if found
                else words("rules-none", query=query))
        return Reply(text=text, lines=lines, ephemeral=not public)

    def show(self, channel_id: str, caller: Caller, rule_id: str) -> Reply:
        """Show one rule in full: title, statement and where it comes from."""
        words = Words.of(self.language(channel_id, caller))
        try:
            ref = rule(rule_id)
        except KeyError:
            raise UnknownRule(rule=rule_id).where(words.language) from None
        title, statement = worded(ref, words.language)
        return Reply(
            text=words("rules-show", id=ref.id, title=title),
            lines=[statement, words("rules-source", source=ref.source, origin=ref.origin)],
        )


__all__ = ["Rulebook", "cite"]
