"""The service's heartbeat: when an instance was last alive, so a start after an outage takes
the downtime out of the turns in play, and nothing else (``kashi.server.downtime``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "heartbeats",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("alive_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heartbeats")
