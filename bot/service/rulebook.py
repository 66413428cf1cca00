"""The rules reference in chat: find rules, show one, and cite the rule behind a refusal.

Rule statements are our own words, kept with a stable id in data/rules/*.toml and
translated in data/rules/*.<language>.toml; everything around them (the citation
line, the source, the search replies) comes from the catalogue. Replies follow the
channel's game language when there is a game, else the caller's Discord language; a
question is read in its own language whatever the reply's (rulesearch.RuleIndex.ask).
"""

from __future__ import annotations

from dataclasses import replace

from bot.errors import UnknownRule, UnknownSystem
from bot.paging import paged
from bot.replies import Button, Reply
from bot.service.context import ButtonHandler, Caller, PressedId
from bot.service.rulesearch import SHARED, Found, Query, cut, index, ready
from bot.store.gamestore import GameStore
from bot.text import Said, Words, pick_language
from rules.core.references import RuleReference, all_rules, rule, worded
from rules.core.system import available

# Related rules offered as buttons under an answer.
RELATED = 2


def cite(words: Words, ref: RuleReference) -> list[str]:
    """Return the two lines that cite a rule: its id and title, then its statement."""
    title, statement = worded(ref, words.language)
    return [words("rule-rule-line", id=ref.id, title=title), statement]


def rule_button(words: Words, ref: RuleReference) -> Button:
    """Return the button that shows a rule's statement to whoever presses it."""
    title, _ = worded(ref, words.language)
    return Button("rule", words("button-rule", title=title)[:80], 0, 0, arg=ref.id,
                  style="secondary")


def _game(words: Words, system_id: str) -> str:
    """Return a game system's short name, as a rules answer names it."""
    return words("rules-game-name", system=system_id)


def _related(words: Words, ref: RuleReference) -> Button:
    """Return the button under an answer that shows another rule."""
    return Button("rule", worded(ref, words.language)[0][:80], 0, 0, arg=ref.id,
                  style="secondary")


class Rulebook:
    """Answer `/rules search` and `/rules show` in the channel's language."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def language(self, channel_id: str, caller: Caller) -> str:
        """Return the language to answer in: the channel's game's, else the caller's."""
        return self._context(channel_id, caller)[0]

    def _context(self, channel_id: str, caller: Caller) -> tuple[str, str | None]:
        """Return the language to answer in and the system of the channel's game, if any."""
        with self.store.reading() as tx:
            game = tx.latest_game(channel_id)
        return (pick_language(game.language if game else None, caller.locale),
                game.system if game else None)

    def _find(self, channel_id: str, caller: Caller, question: str,
              system_id: str | None) -> tuple[Words, Query, list[Found]]:
        """Rank the rules for a question: the system named, else the one whose terms it
        uses, else the channel game's (rulesearch.RuleIndex.read).

        A system that does not exist is refused, naming those that do."""
        language, channel_system = self._context(channel_id, caller)
        known = (*available(), SHARED)  # "core": the rules every game shares
        if system_id and system_id not in known:
            raise UnknownSystem(system=system_id, choices=Said(", ".join(known))).where(language)
        query, found = index().ask(question, language, system_id or channel_system)
        return Words.of(language), query, found

    def search(
        self,
        channel_id: str,
        caller: Caller,
        query: str,
        system_id: str | None = None,
        public: bool = False,
    ) -> Reply:
        """List the rules that answer a question or keywords, best first."""
        words, read, found = self._find(channel_id, caller, query, system_id)
        lines = [words("rules-line", id=f.rule.id, title=worded(f.rule, words.language)[0])
                 for f in found]
        if not found:
            return self._nothing(words, read, query, system_id, public)
        return paged(Reply(text=words("rules-found", count=len(found), query=query),
                           ephemeral=not public), lines, words, whole="paging-where-rules")

    def ask(
        self,
        channel_id: str,
        caller: Caller,
        question: str,
        system_id: str | None = None,
        public: bool = False,
    ) -> Reply:
        """Answer a question with the rule that best answers it, in full, and related ones.

        A question asked in one game's channel in another game's terms is answered from
        that game, saying so; one in the terms of both also offers the other's best rule.
        """
        words, query, found = self._find(channel_id, caller, question, system_id)
        if not found:
            return self._nothing(words, query, question, system_id, public)
        best = found[0].rule
        reply = self._full(words, best)
        lead = [words("rules-answer", question=question)]
        if query.asked_in is not None and query.system is not None:
            lead.append(words("rules-answered-from", system=_game(words, query.system),
                              channel=_game(words, query.asked_in)))
        reply.text = "\n".join([*lead, reply.text])
        reply.buttons = [_related(words, f.rule) for f in found[1:1 + RELATED]]
        if query.also is not None:
            other = index().rank(replace(query, system=query.also), limit=1)
            if other:
                title = worded(other[0].rule, words.language)[0]
                reply.lines += [words("rules-also-in", system=_game(words, query.also)),
                                words("rules-line", id=other[0].rule.id, title=title)]
                reply.buttons.insert(0, _related(words, other[0].rule))
        reply.ephemeral = not public
        return reply

    def _nothing(self, words: Words, read: Query, question: str, system_id: str | None,
                 public: bool) -> Reply:
        """Say nothing answers, offering the rules whose titles look most like it.

        Titles are compared in the language the question was read in, and shown in the
        reply's."""
        near = index().near(question, read.language, system_id)
        return Reply(
            text=words("rules-none", query=question),
            lines=[words("rules-did-you-mean")] + [
                words("rules-line", id=r.id, title=worded(r, words.language)[0]) for r in near
            ],
            buttons=[Button("rule", worded(r, words.language)[0][:80], 0, 0, arg=r.id,
                            style="secondary") for r in near],
            ephemeral=not public,
        )

    def _full(self, words: Words, ref: RuleReference) -> Reply:
        title, statement = worded(ref, words.language)
        return Reply(
            text=words("rules-show", id=ref.id, title=title),
            lines=[statement, words("rules-source", source=ref.source, origin=ref.origin)],
        )

    @property
    def buttons(self) -> dict[str, ButtonHandler]:
        """The buttons this part answers: "rule", a related rule shown to whoever pressed."""
        return {"rule": self._pressed}

    def _pressed(self, channel_id: str, caller: Caller, pressed: PressedId) -> Reply:
        reply = self.show(channel_id, caller, pressed[3])
        reply.ephemeral = True
        return reply

    def show(self, channel_id: str, caller: Caller, rule_id: str) -> Reply:
        """Show one rule in full: title, statement and where it comes from."""
        words = Words.of(self.language(channel_id, caller))
        try:
            ref = rule(rule_id)
        except KeyError:
            raise UnknownRule(rule=rule_id).where(words.language) from None
        return self._full(words, ref)

    def choices(self, channel_id: str, caller: Caller, text: str) -> list[tuple[str, str]]:
        """Complete `/rules show rule:`: ids starting so, then rules whose titles, words
        or players' words match what is typed (in the channel's language)."""
        language, system_id = self._context(channel_id, caller)
        typed = cut(text).strip().lower()
        everything = sorted(all_rules().values(), key=lambda r: r.id)
        by_id = [r for r in everything if r.id.startswith(typed)] if "/" in typed or not typed \
            else []
        if typed and ready():
            found = [f.rule for f in index().ask(typed, language, system_id, limit=25)[1]]
        else:  # while the index is being built: titles holding what was typed
            found = [r for r in everything if typed and typed in worded(r, language)[0].lower()]
        out: list[tuple[str, str]] = []
        for ref in [*by_id, *found]:
            if all(ref.id != value for _, value in out):
                out.append((f"{ref.id} — {worded(ref, language)[0]}"[:100], ref.id))
        return out[:25]


__all__ = ["Rulebook", "cite"]
