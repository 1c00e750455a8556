"""Seeds of 128 bits and more (stored as digits), and the mark of a game whose seed was chosen.

Games from before this revision are marked seeded: any client could have chosen their seed.
A downgrade keeps only the seeds that fit in 64 bits (others become 0: such a running game
would then draw differently).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.alter_column("games", "seed", new_column_name="seed_bigint")
    op.add_column("games", sa.Column("seed", sa.String(80), nullable=False, server_default="0"))
    op.execute("UPDATE games SET seed = CAST(seed_bigint AS VARCHAR(80))")
    op.drop_column("games", "seed_bigint")
    op.add_column("games", sa.Column("seeded", sa.Boolean, nullable=False, server_default="1"))


def downgrade() -> None:
    op.drop_column("games", "seeded")
    op.alter_column("games", "seed", new_column_name="seed_digits")
    op.add_column("games", sa.Column("seed", sa.BigInteger, nullable=False, server_default="0"))
    op.execute(
        "UPDATE games SET seed = CASE WHEN LENGTH(seed_digits) <= 18 THEN CAST(seed_digits AS BIGINT) ELSE 0 END"
    )
    op.drop_column("games", "seed_digits")
