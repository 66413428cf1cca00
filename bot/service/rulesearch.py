"""Finding the rule a question is about, in English or Portuguese.

Every rule statement (data/rules, both languages) goes into one SQLite FTS5 index,
stemmed per language (Snowball: Porter's English stemmer, the Portuguese one) with
accents folded, so "flees/fleeing/flight" and "fugir/foge/fuga" meet. A question is
read the way players write: its question words are dropped, players' words are
widened with the rules' own (data/search/: "battleshock" → "battle-shock", "general"
→ "leader"), a misspelt word is matched to the nearest word of the rules (rapidfuzz),
and the remaining words are joined with OR and ranked by BM25, the title weighing
most. The game system comes from the question ("in 40k …", or another game's own
terms: "stratagem" asked in a Samurai channel), else from the channel's game, else
every system is searched; the rules every game shares always are. The language a
question is read in is its own, told from its words (bot/service/questionlanguage.py),
not the asker's Discord language: a question that does not tell is read in both.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import tomllib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

import snowballstemmer
from rapidfuzz import fuzz, process

from bot.service.questionlanguage import Detector, speech
from rules.core.data import data_dir
from rules.core.references import RuleReference, all_rules, worded

LANGUAGES = {"en": "english", "pt-BR": "portuguese"}
# The rules every game shares: searched whatever the system.
SHARED = "core"
# BM25 weights of the indexed columns (rule id words, title, statement).
WEIGHTS = (2.0, 5.0, 1.0)
# How close a misspelt word must be to a word of the rules (rapidfuzz ratio, 0-100).
TYPO_CUTOFF = 85
TOKEN = re.compile(r"[a-z0-9]+")
CODE = re.compile(r"`[^`]*`")  # a command or option, written the same in every language
# The most characters of a question or keywords read: `/rules ask question:` and
# `/rules search keyword:` declare it as their cap (Discord enforces it), and anything
# longer that reaches the index another way is cut to it before it is folded, stemmed
# or matched for typos (a 100 KB question would otherwise cost seconds of CPU).
QUESTION_MAX = 500


def cut(question: str) -> str:
    """Return the part of a question the index reads (its first QUESTION_MAX characters)."""
    return question[:QUESTION_MAX]


def fold(text: str) -> str:
    """Return text lowercased with its accents taken off ("Fuga" and "fúga" alike)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Return the words of a text, folded; hyphens and punctuation split words."""
    return TOKEN.findall(fold(text))


@dataclass(frozen=True)
class Lexicon:
    """How players of one language write: words to drop, synonyms, system names, and the
    question words and letters that tell the language (bot/service/questionlanguage.py)."""

    stop: frozenset[str]
    # Per system ("" for any): phrases (as words) and the words each adds to a query.
    synonyms: dict[str, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]]
    # Per system: the names a question may call it by (as words).
    names: dict[str, tuple[tuple[str, ...], ...]]
    asks: tuple[str, ...] = ()
    letters: str = ""

    def words(self) -> set[str]:
        """Return every (folded) word this lexicon holds: stop words and players' words."""
        out = set(self.stop)
        for pairs in self.synonyms.values():
            for phrase, extra in pairs:
                out.update(phrase)
                out.update(extra)
        return out


def _synonyms(raw: dict[str, str]) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    pairs = [(tuple(tokens(k)), tuple(tokens(v))) for k, v in raw.items()]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))  # longest phrase first


@cache
def lexicon(language: str) -> Lexicon:
    """Load data/search/<language>.toml and every <system>.<language>.toml."""
    folder = data_dir() / "search"
    general = tomllib.loads((folder / f"{language}.toml").read_text(encoding="utf-8"))
    synonyms = {"": _synonyms(general.get("synonyms", {}))}
    names: dict[str, tuple[tuple[str, ...], ...]] = {}
    for path in sorted(folder.glob(f"*.{language}.toml")):
        system_id = path.name.removesuffix(f".{language}.toml")
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        synonyms[system_id] = _synonyms(doc.get("synonyms", {}))
        names[system_id] = tuple(tuple(tokens(n)) for n in doc.get("names", []))
    return Lexicon(frozenset(fold(w) for w in general.get("stop", [])), synonyms, names,
                   tuple(general.get("asks", [])), str(general.get("letters", "")))


def _find(words: list[str], phrase: tuple[str, ...]) -> int:
    """Return where a phrase starts among words, or -1."""
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if tuple(words[i:i + n]) == phrase:
            return i
    return -1


@dataclass
class Query:
    """A question as the index reads it.

    `asked_in` is the channel's system when the question's own terms moved it to
    `system`; `also` another system whose terms it uses beside the channel's own.
    """

    language: str
    system: str | None
    words: list[str]
    corrected: dict[str, str] = field(default_factory=dict)
    asked_in: str | None = None
    also: str | None = None


@dataclass(frozen=True)
class Vocabulary:
    """A system's words in one language, stemmed: `terms` name its rules (rule ids,
    titles, players' words for them); `used` is every word its rules use."""

    terms: frozenset[str]
    used: frozenset[str]


@dataclass(frozen=True)
class Found:
    """A rule that answers a question, with its BM25 score (lower is better)."""

    rule: RuleReference
    score: float


class RuleIndex:
    """Every rule, in every language, in one in-memory FTS5 index (built once)."""

    def __init__(self, rules: Iterable[RuleReference] | None = None) -> None:
        self._lock = threading.Lock()
        self._rules = {r.id: r for r in (rules if rules is not None else all_rules().values())}
        self._stemmers = {lang: snowballstemmer.stemmer(name) for lang, name in LANGUAGES.items()}
        self._conn = sqlite3.connect(":memory:", check_same_thread=False)
        self._conn.execute(
            "CREATE VIRTUAL TABLE rules USING fts5(rid UNINDEXED, lang UNINDEXED, "
            "sys UNINDEXED, head, title, body, tokenize = 'unicode61')"
        )
        # Per language: each word of the rules (folded) and its stem, for typo matching.
        self.vocabulary: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        # Per language: the words its titles and statements use (not the ids nor the
        # `commands`, English in every language), to tell which language a question is in.
        said: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
        rows = []
        for ref in self._rules.values():
            for lang in LANGUAGES:
                title, statement = worded(ref, lang)
                said[lang].update(tokens(CODE.sub(" ", f"{title} {statement}")))
                head = " ".join(tokens(ref.id.split("/", 1)[1]))
                rows.append((ref.id, lang, ref.system, *(
                    self._stemmed(lang, text, learn=True) for text in (head, title, statement)
                )))
        with self._conn:
            self._conn.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?)", rows)
        self._known = {lang: list(words) for lang, words in self.vocabulary.items()}
        self._systems = {lang: self._vocabularies(lang, rows) for lang in LANGUAGES}
        self.detector = Detector({
            lang: speech(said[lang] | lexicon(lang).words(), lexicon(lang).asks,
                         lexicon(lang).letters, self._stemmers[lang].stemWord)
            for lang in LANGUAGES
        })

    def _vocabularies(self, language: str, rows: list[tuple[str, ...]]) -> dict[str, Vocabulary]:
        """Return each system's stemmed words in a language, from its rules and its players'."""
        terms: dict[str, set[str]] = {}
        used: dict[str, set[str]] = {}
        for _rid, lang, system_id, head, title, body in rows:
            if lang == language:
                terms.setdefault(system_id, set()).update(f"{head} {title}".split())
                used.setdefault(system_id, set()).update(f"{head} {title} {body}".split())
        for system_id, pairs in lexicon(language).synonyms.items():
            for phrase, extra in pairs:
                stems = self._stemmers[language].stemWords([*phrase, *extra])
                if system_id:
                    terms.setdefault(system_id, set()).update(stems)
                    used.setdefault(system_id, set()).update(stems)
        return {sid: Vocabulary(frozenset(terms.get(sid, ())), frozenset(words))
                for sid, words in used.items()}

    def _stemmed(self, language: str, text: str, learn: bool = False) -> str:
        words = tokens(text)
        stems = self._stemmers[language].stemWords(words)
        if learn:
            self.vocabulary[language].update(zip(words, stems, strict=True))
        return " ".join(stems)

    # ------------------------------------------------------------ reading a question

    def read(self, question: str, language: str, system: str | None = None) -> Query:
        """Read a question: its system (named in it, else `system`) and its search words."""
        words = tokens(cut(question))
        lex = lexicon(language)
        named = self._named_system(words, language)
        query = Query(language, named or system, [])
        # Spelling first (against the rules' words and the players' words we know, for
        # every system: the question may be in another game's terms), so "batleshock"
        # still meets its synonym; question words are left as they are.
        keys = {p[0] for pairs in lex.synonyms.values() for p, _ in pairs if len(p) == 1}
        words = [w if w in lex.stop else self._spelt(w, query, keys) for w in words]
        if named is None and system is not None:
            self._judge(query, [w for w in words if w not in lex.stop], system)
        system = query.system
        scopes = ["", *(s for s in lex.synonyms if s and (system is None or s in (system, SHARED)))]
        added: list[str] = []
        for scope in scopes:
            for phrase, extra in lex.synonyms[scope]:
                if _find(words, phrase) >= 0:
                    added.extend(extra)
        for word in [*words, *added]:
            if word not in lex.stop and word not in query.words:
                query.words.append(word)
        return query

    def _judge(self, query: Query, words: list[str], channel: str) -> None:
        """Read which system a question asked in `channel`'s game is about, by its terms.

        A word that names rules of another system (in a rule's id or title, or a
        players' word for them) and that the channel's rules never use is that
        system's term: "stratagem" and "shocked" are 40k's. Asked with no term of the
        channel's own, the question goes to the other system (`asked_in` says where it
        was asked); with terms of both, the channel's system answers and `also` names
        the other, so both systems' best rule can be offered. A question in the
        channel's words, or in words every game uses, stays with the channel's system.
        """
        systems = self._systems[query.language]
        own = systems.get(channel)
        if own is None:
            return
        shared = systems[SHARED].used if SHARED in systems else frozenset()
        stems = set(self._stemmers[query.language].stemWords(words)) - shared
        foreign = {
            sid: len({st for st in stems if st in v.terms and st not in own.used})
            for sid, v in systems.items() if sid not in (channel, SHARED)
        }
        other = max(sorted(foreign), key=lambda sid: foreign[sid], default=None)
        if other is None or not foreign[other]:
            return
        if {st for st in stems if st in own.terms and st not in systems[other].used}:
            query.also = other
        else:
            query.system, query.asked_in = other, channel

    def _named_system(self, words: list[str], language: str) -> str | None:
        """Return the system a question names, taking its name out of the words."""
        for lang in (language, *(other for other in LANGUAGES if other != language)):
            for system_id, names in lexicon(lang).names.items():
                for name in sorted(names, key=len, reverse=True):
                    at = _find(words, name)
                    if at >= 0:
                        del words[at:at + len(name)]
                        return system_id
        return None

    def _spelt(self, word: str, query: Query, keys: set[str]) -> str:
        """Return the word of the rules (or a player's word we know, `keys`) a misspelt
        word most likely means; else the word itself."""
        known = self.vocabulary[query.language]
        if word in known or word in keys or len(word) < 5 or word.isdigit():
            return word
        # A slip of the finger keeps the first letter ("batleshock"); a different word
        # that merely looks alike ("andar", "mandar") does not.
        alike = [w for w in [*self._known[query.language], *keys] if w[0] == word[0]]
        best = process.extractOne(word, alike, scorer=fuzz.ratio, score_cutoff=TYPO_CUTOFF)
        if best is None:
            return word
        query.corrected[word] = str(best[0])
        return str(best[0])

    # ------------------------------------------------------------ ranking

    def rank(self, query: Query, limit: int = 10) -> list[Found]:
        """Return the rules that best answer a query, best first."""
        stems = sorted(set(self._stemmers[query.language].stemWords(query.words)))
        if not stems:
            return []
        match = " OR ".join(f'"{stem}"' for stem in stems)
        scope = "" if query.system is None else "AND sys IN (?, ?)"
        params: list[object] = [match, query.language]
        if query.system is not None:
            params.extend([query.system, SHARED])
        sql = (f"SELECT rid, bm25(rules, 0, 0, 0, {', '.join(map(str, WEIGHTS))}) AS score "
               f"FROM rules WHERE rules MATCH ? AND lang = ? {scope} ORDER BY score LIMIT ?")
        with self._lock:
            rows = self._conn.execute(sql, [*params, limit]).fetchall()
        return [Found(self._rules[rid], float(score)) for rid, score in rows]

    def ask(self, question: str, language: str, system: str | None = None,
            limit: int = 10) -> tuple[Query, list[Found]]:
        """Read a question in its own language and rank the rules that answer it.

        `language` is the caller's: it says nothing of the question's, so it only comes
        first among the readings of a question whose language is unsure (mixed, or too
        short to tell), which is read in every language; the reading whose best rule
        ranks strongest answers (`strength`), the caller's on a tie.
        """
        guess = self.detector.guess(cut(question))
        readings = [guess.language] if guess.language is not None else [
            language, *(lang for lang in LANGUAGES if lang != language)]
        best: tuple[Query, list[Found]] | None = None
        for reading in readings:
            query = self.read(question, reading, system)
            found = self.rank(query, limit)
            if best is None or self.strength(query, found) > self.strength(*best):
                best = (query, found)
        assert best is not None  # LANGUAGES is never empty
        return best

    def strength(self, query: Query, found: list[Found]) -> float:
        """Return how strongly a reading's best rule answers it, comparably across languages.

        BM25 sums the evidence of each search word over one index of both languages; a
        reading in the wrong language keeps words no rule of that language holds, which
        add nothing. So the best rule's score per distinct search word (higher is
        stronger) compares two readings of one question fairly, where the raw sum would
        favour the reading that kept more words.
        """
        if not found:
            return 0.0
        stems = set(self._stemmers[query.language].stemWords(query.words))
        return -found[0].score / max(1, len(stems))

    def near(self, question: str, language: str, system: str | None = None,
             limit: int = 3) -> list[RuleReference]:
        """Return the rules whose titles look most like a question ("did you mean")."""
        titles = {
            ref.id: fold(worded(ref, language)[0]) for ref in self._rules.values()
            if system is None or ref.system in (system, SHARED)
        }
        found = process.extract(fold(cut(question)), titles, scorer=fuzz.WRatio, limit=limit)
        return [self._rules[str(key)] for _title, _score, key in found]


@cache
def index() -> RuleIndex:
    """Return the process's rule index (built on first use, about 0.1 s)."""
    return RuleIndex()


_WARMING = threading.Event()  # set while the bot builds the index at start
_BUILT = threading.Event()


def warm() -> RuleIndex:
    """Build the index ahead of the first question (the bot calls it at start, in a thread)."""
    _WARMING.set()
    try:
        return index()
    finally:
        _BUILT.set()


def ready(wait: float = 1.5) -> bool:
    """Say whether the rule index can answer now.

    Autocomplete must answer within Discord's three seconds even while the start-up
    build is still running on a busy machine: it waits for it a moment, and if it is
    still not done, matches ids and titles only. Without a start-up build it builds.
    """
    if index.cache_info().currsize > 0:
        return True
    if not _WARMING.is_set():
        index()
        return True
    return _BUILT.wait(wait)


__all__ = ["QUESTION_MAX", "Found", "Query", "RuleIndex", "Vocabulary", "cut", "fold", "index",
           "lexicon", "ready", "tokens", "warm"]
