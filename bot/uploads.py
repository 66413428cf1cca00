"""Files players hand the bot (rosters now, other imports later): read within budgets.

A file is refused before it is read when it is too large, and refused when it is
not UTF-8 text; the file's content never reaches a log. Parsing happens later, in
the rules (`parse_action`), outside any database transaction.
"""

from __future__ import annotations

from pathlib import Path

from bot.errors import FileMissing, FileNotText, FileTooLarge

# A roster of 60 units with comments is under 20 KiB; the TOML reader's own budget
# (rules.core.bounded_toml) is 64 Ki characters.
MAX_UPLOAD_BYTES = 64 * 1024
MAX_NAME_CHARS = 120


def _shown(name: str) -> str:
    """Return a file name fit to quote in a reply (long names are cut)."""
    clean = "".join(ch for ch in name if ch.isprintable() and ch != "`")
    return clean if len(clean) <= 40 else clean[:37] + "..."


def check_size(name: str, size: int, language: str = "en") -> None:
    """Refuse a file larger than the upload budget before reading it."""
    if size > MAX_UPLOAD_BYTES:
        raise FileTooLarge(
            name=_shown(name), kib=-(-size // 1024), limit=MAX_UPLOAD_BYTES // 1024
        ).where(language)


def decode(name: str, data: bytes, language: str = "en") -> str:
    """Return an uploaded file's text: UTF-8 (a byte-order mark is dropped), else refused."""
    check_size(name, len(data), language)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileNotText(name=_shown(name)).where(language) from None
    if "\x00" in text:
        raise FileNotText(name=_shown(name)).where(language)
    return text


def read_local(name: str, roots: tuple[Path, ...], language: str = "en") -> str:
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
                data = handle.read(MAX_UPLOAD_BYTES + 1)
        except OSError:
            continue
        return decode(name, data, language)
    raise FileMissing(name=_shown(name)).where(language)
