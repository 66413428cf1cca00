"""The store's reads and writes of the datasheets servers upload (a base of `Transaction`).

An upload (bot/service/datasheets.py) is kept by the digest of its content, first awaiting
Accept (`accepted` 0), then as the server's datasheets of its name (1): one a name per
server and system, by the unique index of migration m010_datasheets. tests/bot/
test_query_plans.py runs every query here.
"""

from __future__ import annotations

from sqlite_utils import Database

from bot.store.dialect import Connection


def create_datasheets_table(db: Database) -> None:
    """Create the table of uploaded datasheets (migration m010_datasheets on SQLite)."""
    db.table("datasheets").create(
        {"digest": str, "guild_id": str, "system": str, "name": str, "stored": str,
         "sheets": int, "uploader_id": str, "accepted": int, "created_at": str},
        pk="digest", not_null={"guild_id", "system", "name", "stored", "sheets", "accepted"},
        strict=True)
    db.execute("CREATE UNIQUE INDEX datasheets_by_name ON datasheets (guild_id, system, name) "
               "WHERE accepted = 1")


def pg_datasheets_table(text: str) -> str:
    """Return the same table in PostgreSQL's words (`text`: its text column type)."""
    return f"""
        CREATE TABLE datasheets (
            digest {text} PRIMARY KEY, guild_id {text} NOT NULL, system {text} NOT NULL,
            name {text} NOT NULL, stored {text} NOT NULL, sheets INTEGER NOT NULL,
            uploader_id {text}, accepted INTEGER NOT NULL, created_at {text});
        CREATE UNIQUE INDEX datasheets_by_name ON datasheets (guild_id, system, name)
            WHERE accepted = 1;
    """


class DatasheetQueries:
    """Uploaded datasheets' queries of a transaction (`Transaction` derives from this class)."""

    conn: Connection

    def now(self) -> str:
        raise NotImplementedError

    def put_datasheets(self, digest: str, guild_id: str, system: str, name: str, stored: str,
                       sheets: int, uploader_id: str) -> None:
        """Keep an upload awaiting Accept (the same file again replaces it)."""
        self.conn.execute("DELETE FROM datasheets WHERE digest = ? AND accepted = 0", (digest,))
        self.conn.execute(
            "INSERT INTO datasheets (digest, guild_id, system, name, stored, sheets, "
            "uploader_id, accepted, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?) "
            "ON CONFLICT (digest) DO NOTHING",
            (digest, guild_id, system, name, stored, sheets, uploader_id, self.now()))

    def datasheets_preview(self, digest: str) -> tuple[str, str, str, int, str, int] | None:
        """Return (guild, system, name, sheets, uploader, accepted) of an upload by digest."""
        row = self.conn.execute(
            "SELECT guild_id, system, name, sheets, uploader_id, accepted FROM datasheets "
            "WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], int(row[3]), row[4],
                                         int(row[5]))

    def accept_datasheets(self, digest: str, guild_id: str, system: str, name: str) -> None:
        """Make an upload the server's datasheets of its name, in place of any before it."""
        self.conn.execute("DELETE FROM datasheets WHERE guild_id = ? AND system = ? AND "
                          "name = ? AND accepted = 1", (guild_id, system, name))
        self.conn.execute("UPDATE datasheets SET accepted = 1 WHERE digest = ?", (digest,))

    def drop_datasheets_preview(self, digest: str) -> None:
        """Forget an upload awaiting Accept."""
        self.conn.execute("DELETE FROM datasheets WHERE digest = ? AND accepted = 0", (digest,))

    def datasheet_uploads(self, guild_id: str, system: str) -> list[tuple[str, int, str]]:
        """Return (name, sheets, uploader) of a server's accepted uploads, by name."""
        rows = self.conn.execute(
            "SELECT name, sheets, uploader_id FROM datasheets WHERE guild_id = ? AND "
            "system = ? AND accepted = 1 ORDER BY name", (guild_id, system)).fetchall()
        return [(row[0], int(row[1]), row[2]) for row in rows]

    def uploaded_datasheets(self, guild_id: str, system: str) -> list[str]:
        """Return the stored forms of a server's accepted uploads, by name."""
        rows = self.conn.execute(
            "SELECT stored FROM datasheets WHERE guild_id = ? AND system = ? AND "
            "accepted = 1 ORDER BY name", (guild_id, system)).fetchall()
        return [row[0] for row in rows]

    def remove_datasheets(self, guild_id: str, system: str, name: str) -> None:
        """Forget a server's accepted upload of that name."""
        self.conn.execute("DELETE FROM datasheets WHERE guild_id = ? AND system = ? AND "
                          "name = ? AND accepted = 1", (guild_id, system, name))
