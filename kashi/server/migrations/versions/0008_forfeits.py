"""Games a player gave up, or lost by being away: the seat that forfeited and how.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("forfeit_seat", sa.Integer))
    op.add_column("games", sa.Column("ended_by", sa.String(12)))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("ended_by")
        games.drop_column("forfeit_seat")
