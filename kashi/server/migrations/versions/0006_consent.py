"""Consent for every seat: a rematch's seats held for their players until they accept (and when
the offer runs out), and whether a seat's holder ever opened the game.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("offered_to", sa.String(32)))
    op.add_column("seats", sa.Column("connected", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("expires_at", sa.Float))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("expires_at")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("connected")
        batch.drop_column("offered_to")
