"""The initial schema.

Revision ID: 0001
Revises:
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
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("display_name", sa.String(40), nullable=False),
        sa.Column("username", sa.String(40), unique=True),
        sa.Column("password_hash", sa.String(200)),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("start", sa.Integer, nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("status", sa.String(12), nullable=False, index=True),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Text, nullable=False),
        sa.Column("absent_bot", sa.String(20), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("turn_started_at", sa.Float),
        sa.Column("result", sa.String(80)),
        sa.Column("creator_id", sa.String(32), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("rematch_of", sa.String(32)),
        sa.Column("rematch_id", sa.String(32)),
        sa.Column("created_at", sa.Float, nullable=False, index=True),
        sa.Column("finished_at", sa.Float),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot_level", sa.String(20)),
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), index=True),
        sa.Column("token_hash", sa.String(64), unique=True),
        sa.Column("standin", sa.Boolean, nullable=False),
        sa.Column("clock_ms", sa.BigInteger),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("hidden_from", sa.Integer, nullable=False),
        sa.Column("redacted", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "takebacks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("from_number", sa.Integer, nullable=False),
        sa.Column("lines", sa.Text, nullable=False),
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("takebacks", "events", "seats", "games", "users", "server_secrets"):
        op.drop_table(table)
