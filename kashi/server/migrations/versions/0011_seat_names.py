"""A seat's own name: what a hot-seat game calls each of its creator's seats ("Player 1", ...).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("name", sa.String(40)))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("name")
