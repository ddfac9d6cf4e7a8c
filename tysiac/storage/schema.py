"""The tables of the site's store (SQLAlchemy Core). Alembic's migrations create
them; this module is what the queries are written against.

The event log is the truth about a table: ``events`` holds every accepted event
with a unique ``(table_id, version)``, and ``tables`` is its projection for
listing (status, seats, deadline) plus the ``fence`` that every write must carry.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

users = sa.Table(
    "users", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    # The login of an account (lower case); null for a guest.
    sa.Column("login", sa.String(40), unique=True, nullable=True),
    sa.Column("name", sa.String(20), nullable=False),          # shown at the table
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("created", sa.Float, nullable=False),
)

sessions = sa.Table(
    "sessions", metadata,
    # sha256 of the cookie's token: a stolen database holds no usable cookie.
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("host", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),            # Settings.to_json()
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),               # the seats at creation
    sa.Column("created", sa.Float, nullable=False),
    # The projection of the log, for the lobby and the game lists:
    sa.Column("status", sa.String(12), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("summary", sa.Text, nullable=False),             # names, scores, seats free
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("deadline", sa.Float, nullable=True),
    # Raised by every node that takes the table over; a write with a lower one fails.
    sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"),
    sa.Column("record", sa.Text, nullable=True),               # RECORD.md, once closed
)

events = sa.Table(
    "events", metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("event", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

# Who sits where: the projection "my games" reads.
players = sa.Table(
    "players", metadata,
    sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True, index=True),
)
