"""Files players hand the bot (rosters now, other imports later): read within budgets.

A file is refused before it is read when it is too large, and refused when it is
not UTF-8 text, except a zip (a list builder's `.rosz`), which is handed on as bytes
for the rules to open within their own caps; the file's content never reaches a log.
Parsing happens later, in the rules (`parse_action`), outside any database transaction.
"""

from __future__ import annotations

from pathlib import Path

from bot.errors import FileMissing, FileNotText, FileTooLarge

# A roster of 60 units with comments is under 20 KiB; the TOML reader's own budget
# (rules.core.bounded_toml) is 64 Ki characters.
MAX_UPLOAD_BYTES = 64 * 1024
# A list builder's roster (.ros XML with every rule's text, .rosz zipped, or New Recruit's
# .json) is larger: up to about 1 MB; rules.wh40k.listbuilders caps what it unzips to.
MAX_ROSTER_BYTES = 1024 * 1024
ROSTER_SUFFIXES = (".ros", ".rosz", ".json")
# A BSData catalogue of a faction's datasheets (`/wh40k datasheets upload:`) is larger still:
# up to about 4 MB of XML; rules.wh40k.catalogues caps what it reads of it.
MAX_CATALOGUE_BYTES = 8 * 1024 * 1024
CATALOGUE_SUFFIXES = (".cat",)
ZIP_MAGIC = b"PK\x03\x04"
MAX_NAME_CHARS = 120


def limit_for(name: str) -> int:
    """Return how many bytes of a file are read: more for a list builder's roster, more
    still for a BSData catalogue."""
    if name.lower().endswith(CATALOGUE_SUFFIXES):
        return MAX_CATALOGUE_BYTES
    return MAX_ROSTER_BYTES if name.lower().endswith(ROSTER_SUFFIXES) else MAX_UPLOAD_BYTES


def _shown(name: str) -> str:
    """Return a file name fit to quote in a reply (long names are cut)."""
    clean = "".join(ch for ch in name if ch.isprintable() and ch != "`")
    return clean if len(clean) <= 40 else clean[:37] + "..."


def check_size(name: str, size: int, language: str = "en") -> None:
    """Refuse a file larger than the upload budget before reading it."""
    if size > limit_for(name):
        raise FileTooLarge(
            name=_shown(name), kib=-(-size // 1024), limit=limit_for(name) // 1024
        ).where(language)


def decode(name: str, data: bytes, language: str = "en") -> str | bytes:
    """Return an uploaded file's text: UTF-8 (a byte-order mark is dropped), else refused.

    A zip (a `.rosz`) is returned as it came, as bytes: the rules unzip it within caps.
    """
    check_size(name, len(data), language)
    if data.startswith(ZIP_MAGIC) and name.lower().endswith(ROSTER_SUFFIXES):
        return data
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileNotText(name=_shown(name)).where(language) from None
    if "\x00" in text:
        raise FileNotText(name=_shown(name)).where(language)
    return text


def read_local(name: str, roots: tuple[Path, ...], language: str = "en") -> str | bytes:
    """Read a file named in the console: a path, or a path under one of `roots`."""
    if len(name) > MAX_NAME_CHARS or "\x00" in name:
        raise FileMissing(name=_shown(name)).where(language)
    for root in (Path("."), *roots):
        path = root / name
        try:
            if not path.is_file():
                continue
            check_size(name, path.stat().st_size, language)
            with path.open("rb") as handle:
                data = handle.read(limit_for(name) + 1)
        except OSError:
            continue
        return decode(name, data, language)
    raise FileMissing(name=_shown(name)).where(language)
