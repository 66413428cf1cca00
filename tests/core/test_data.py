"""The one reader of the systems' data files (rules/core/data.py): records, folders, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.core import data
from rules.core.model import Frozen


class Thing(Frozen):
    id: str
    size: int


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point data/ at an empty folder (the TOML cache keys on the path, so names are unique)."""
    monkeypatch.setattr(data, "data_dir", lambda: tmp_path)
    return tmp_path


def test_records_come_by_key_in_file_order(folder: Path) -> None:
    (folder / "records-ok.toml").write_text(
        '[[thing]]\nid = "b"\nsize = 2\n[[thing]]\nid = "a"\nsize = 1\n', encoding="utf-8"
    )
    found = data.read_records(Thing, "records-ok.toml", "thing", key=lambda t: t.id)
    assert list(found) == ["b", "a"] and found["a"].size == 1


def test_a_repeated_key_is_refused_naming_the_file(folder: Path) -> None:
    (folder / "records-twice.toml").write_text(
        '[[thing]]\nid = "a"\nsize = 1\n[[thing]]\nid = "a"\nsize = 2\n', encoding="utf-8"
    )
    with pytest.raises(ValueError, match=r"data/records-twice.toml: 'a' is given twice"):
        data.read_records(Thing, "records-twice.toml", "thing", key=lambda t: t.id)


def test_a_bad_record_names_its_file(folder: Path) -> None:
    (folder / "records-bad.toml").write_text('[[thing]]\nid = "a"\nsize = "big"\n')
    with pytest.raises(ValidationError) as bad:
        data.read_records(Thing, "records-bad.toml", "thing", key=lambda t: t.id)
    assert "in data/records-bad.toml" in bad.value.__notes__


def test_a_folder_is_read_sorted_by_key_shaped_and_checked(folder: Path) -> None:
    (folder / "scenes").mkdir()
    (folder / "scenes" / "1.toml").write_text('id = "z"\nbulk = 3\n')
    (folder / "scenes" / "2.toml").write_text('id = "y"\nbulk = 4\n')
    seen: list[str] = []

    def shape(raw: dict[str, object]) -> dict[str, object]:
        return {"id": raw["id"], "size": raw["bulk"]}

    found = data.read_folder(
        Thing, "scenes/*.toml", key=lambda t: t.id, check=lambda t: seen.append(t.id), shape=shape
    )
    assert list(found) == ["y", "z"] and found["z"].size == 3
    assert seen == ["y", "z"]


def test_a_check_refuses_a_record(folder: Path) -> None:
    (folder / "records-checked.toml").write_text('[[thing]]\nid = "a"\nsize = 0\n')

    def positive(thing: Thing) -> None:
        if thing.size < 1:
            raise ValueError(f"thing {thing.id}: needs a size")

    with pytest.raises(ValueError, match="thing a: needs a size"):
        data.read_records(Thing, "records-checked.toml", "thing", key=lambda t: t.id,
                          check=positive)
