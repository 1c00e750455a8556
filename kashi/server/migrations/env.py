"""Alembic environment: runs on the connection that ``kashi.server.database.migrate`` passes in."""

from __future__ import annotations

from alembic import context

from kashi.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
