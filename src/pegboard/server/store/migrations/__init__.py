"""The store's schema history, one Alembic revision a change (docs/architecture.md, "Store")."""
