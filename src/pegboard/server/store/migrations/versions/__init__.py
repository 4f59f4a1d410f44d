"""The Alembic revisions, one a store change, oldest first."""
