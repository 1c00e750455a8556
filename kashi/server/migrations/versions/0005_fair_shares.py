"""Who asked for each review, and games found by their creator: the per-player limits and turns.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("reviews", sa.Column("requester", sa.String(32)))
    op.create_index("ix_reviews_requester", "reviews", ["requester"])
    op.create_index("ix_games_creator_id", "games", ["creator_id"])


def downgrade() -> None:
    op.drop_index("ix_games_creator_id", "games")
    op.drop_index("ix_reviews_requester", "reviews")
    with op.batch_alter_table("reviews") as batch:
        batch.drop_column("requester")
