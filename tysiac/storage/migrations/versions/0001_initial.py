"""The first schema: users, sessions, tables, their event log and players.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("login", sa.String(40), unique=True, nullable=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("host", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(12), nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("fence", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("record", sa.Text, nullable=True),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("event", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True, index=True),
    )


def downgrade() -> None:
    for name in ("players", "events", "tables", "sessions", "users"):
        op.drop_table(name)
