"""Alembic's environment: migrations run on a connection the store hands over
(``config.attributes["connection"]``), for SQLite and PostgreSQL alike."""

from __future__ import annotations

from alembic import context

from tysiac.storage.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
