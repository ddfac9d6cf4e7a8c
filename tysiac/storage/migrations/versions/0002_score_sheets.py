"""Score sheets of games played with real cards: groups, their members and players,
sheets and their changes.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("invite", sa.String(32), nullable=False, unique=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "group_members",
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True, index=True),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                  nullable=True),
        sa.UniqueConstraint("group_id", "name"),
    )
    op.create_table(
        "sheets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("start_scores", sa.Text, nullable=True),
        sa.Column("deals", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "sheet_changes",
        sa.Column("sheet_id", sa.Integer, sa.ForeignKey("sheets.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("deal", sa.Integer, nullable=True),
        sa.Column("before", sa.Text, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
                  nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("sheet_changes", "sheets", "group_players", "group_members", "groups"):
        op.drop_table(name)
