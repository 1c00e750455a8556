"""Rated and casual games, current ratings per pool, and each rated game's rating changes.

Games from before this revision are casual: nobody asked for a rating when they were created,
so nothing is settled for them.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("settled_at", sa.Float))
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("family", sa.String(40), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_pool", "ratings", ["family", "players", "rating"])
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("subject", sa.String(40), nullable=False),
        sa.Column("family", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("deviation_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("deviation_after", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("game_id", "subject", name="uq_rating_changes_game_subject"),
    )
    op.create_index("ix_rating_changes_subject", "rating_changes", ["subject", "created_at"])


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_column("games", "settled_at")
    op.drop_column("games", "rated")
