"""Initial schema: players, matches (one active per channel), match_actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
ACTIVE = sa.text("status = 'active'")


def _timestamps() -> list[sa.Column]:
    return [
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        *_timestamps(),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_players")),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("ruleset", sa.String(length=32), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("player1_id", sa.BigInteger(), nullable=False),
        sa.Column("player1_side", sa.String(length=16), nullable=False),
        sa.Column("player2_id", sa.BigInteger(), nullable=False),
        sa.Column("player2_side", sa.String(length=16), nullable=False),
        sa.Column("initial_state", JSON, nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("state_schema", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("action_count", sa.Integer(), nullable=False),
        sa.Column("result", JSON, nullable=True),
        *_timestamps(),
        sa.CheckConstraint(
            "status IN ('active', 'finished', 'aborted')", name=op.f("ck_matches_status")
        ),
        sa.CheckConstraint("player1_side <> player2_side", name=op.f("ck_matches_distinct_sides")),
        sa.ForeignKeyConstraint(
            ["player1_id"], ["players.user_id"], name=op.f("fk_matches_player1_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["player2_id"], ["players.user_id"], name=op.f("fk_matches_player2_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
    )
    op.create_index("ix_matches_guild_status", "matches", ["guild_id", "status"])
    op.create_index(
        "uq_matches_active_channel",
        "matches",
        ["channel_id"],
        unique=True,
        sqlite_where=ACTIVE,
        postgresql_where=ACTIVE,
    )
    op.create_table(
        "match_actions",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("actor", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("args", JSON, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_match_actions_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "seq", name=op.f("pk_match_actions")),
    )


def downgrade() -> None:
    op.drop_table("match_actions")
    op.drop_index("uq_matches_active_channel", table_name="matches")
    op.drop_index("ix_matches_guild_status", table_name="matches")
    op.drop_table("matches")
    op.drop_table("players")
