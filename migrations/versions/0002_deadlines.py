"""Turn deadlines: a reminder and an expiry per side that must decide, fired once each.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

UNFIRED = sa.text("fired_at IS NULL")


def upgrade() -> None:
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("fired_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("kind IN ('reminder', 'expiry')", name=op.f("ck_deadlines_kind")),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_deadlines_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deadlines")),
    )
    op.create_index(
        "ix_deadlines_due_at",
        "deadlines",
        ["due_at"],
        sqlite_where=UNFIRED,
        postgresql_where=UNFIRED,
    )
    op.create_index("ix_deadlines_match_id", "deadlines", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_deadlines_match_id", table_name="deadlines")
    op.drop_index("ix_deadlines_due_at", table_name="deadlines")
    op.drop_table("deadlines")
