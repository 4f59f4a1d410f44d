"""Persistence: the store over SQLAlchemy, the schema, its migrations, each table's chat log."""
