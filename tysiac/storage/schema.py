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

# --- score sheets of games played with real cards (issue 8) ---------------------------------

# A group of players (a family, a club): its accounts, its players, its sheets.
groups = sa.Table(
    "groups", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(60), nullable=False),
    # The secret of the link that lets another account join the group.
    sa.Column("invite", sa.String(32), nullable=False, unique=True),
    # The house rules: a record's "rules" object, offered for the group's next game.
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

# The accounts (guests too) that may see and keep the group's sheets.
group_members = sa.Table(
    "group_members", metadata,
    sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"),
              primary_key=True, index=True),
    sa.Column("joined", sa.Float, nullable=False),
)

# The people at the group's table; one may be an account, whose online games count too.
group_players = sa.Table(
    "group_players", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("name", sa.String(20), nullable=False),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
              nullable=True),
    sa.UniqueConstraint("group_id", "name"),
)

sheets = sa.Table(
    "sheets", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("rules", sa.Text, nullable=False),               # a record's "rules"
    sa.Column("seats", sa.Text, nullable=False),               # [{"player": id, "name": …}]
    sa.Column("first_dealer", sa.Integer, nullable=False),
    sa.Column("start_scores", sa.Text, nullable=True),
    sa.Column("deals", sa.Text, nullable=False),               # RECORD.md's sheet deals
    # Raised by every change: a change made from an older version is refused.
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("status", sa.String(12), nullable=False),        # playing | finished
    sa.Column("summary", sa.Text, nullable=False),             # scores, winner, deals
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

# Every change of a sheet with the deals before it: what undo restores.
sheet_changes = sa.Table(
    "sheet_changes", metadata,
    sa.Column("sheet_id", sa.Integer, sa.ForeignKey("sheets.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),         # the version it made
    sa.Column("kind", sa.String(10), nullable=False),           # add | edit | delete
    sa.Column("deal", sa.Integer, nullable=True),
    sa.Column("before", sa.Text, nullable=False),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"),
              nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)
