"""The registry of rules we enforce: id -> title, statement in our own words, source."""

from __future__ import annotations

from functools import cache
from typing import Literal

from rules.core.data import data_dir, load_toml
from rules.core.model import Frozen

Source = Literal["seed", "published", "house", "banneret"]


class RuleReference(Frozen):
    """One rule, stated in our own words, with where it comes from."""

    id: str
    system: str
    title: str
    statement: str
    source: Source
    # The seed file or publication the rule restates, for the `/rules show` footer.
    origin: str = ""


@cache
def all_rules() -> dict[str, RuleReference]:
    """Load every rule reference from data/rules/*.toml, keyed by id."""
    out: dict[str, RuleReference] = {}
    for path in sorted((data_dir() / "rules").glob("*.toml")):
        if "." in path.stem:  # a translation such as samurai.pt-BR.toml
            continue
        doc = load_toml(f"rules/{path.name}")
        system = str(doc["system"])
        for raw in doc.get("rule", []):
            ref = RuleReference(system=system, **raw)
            if ref.id in out:
                raise ValueError(f"rule id {ref.id} is defined twice")
            if not ref.id.startswith(f"{system}/"):
                raise ValueError(f"rule id {ref.id} must start with {system}/")
            out[ref.id] = ref
    return out


@cache
def translations(language: str) -> dict[str, tuple[str, str]]:
    """Load rule titles and statements in a language (data/rules/*.<language>.toml).

    Returns id -> (title, statement); a rule without a translation is simply absent.
    """
    out: dict[str, tuple[str, str]] = {}
    for path in sorted((data_dir() / "rules").glob(f"*.{language}.toml")):
        for raw in load_toml(f"rules/{path.name}").get("rule", []):
            out[str(raw["id"])] = (str(raw["title"]), str(raw["statement"]))
    return out


def worded(ref: RuleReference, language: str) -> tuple[str, str]:
    """Return a rule's title and statement in a language, falling back to English."""
    return translations(language).get(ref.id, (ref.title, ref.statement))


def rule(rule_id: str) -> RuleReference:
    """Return one rule reference; KeyError if we have no such rule."""
    return all_rules()[rule_id]
