"""A takeback asked of the other players: who asked, at which version, who has accepted.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("takeback_ask", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("takeback_ask")
