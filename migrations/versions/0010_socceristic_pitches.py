"""Socceristic pitches uploaded to a server: one row per (server, name), the validated file
as JSON text and its sha256.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "socceristic_pitches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("uploaded_by", sa.BigInteger(), nullable=False),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_socceristic_pitches")),
        sa.UniqueConstraint("guild_id", "name", name=op.f("uq_socceristic_pitches_guild_id_name")),
    )


def downgrade() -> None:
    op.drop_table("socceristic_pitches")
