"""The store's schema history, one Alembic revision a change (docs/architecture.md, "What holds it
together": the schema has a history)."""
