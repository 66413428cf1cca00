"""Storage: one transaction interface; SQLite (the default) and PostgreSQL; migrations for both."""
