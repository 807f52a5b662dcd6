"""Who a live board named as deciding, and each threaded match's scoreboard.

``live_boards.deciders``: the members the live board names as having the decision (comma
separated user ids). The board is edited in place while the decision stays with them, and
re-posted with a mention only for a member it did not name yet.

``scoreboards``: a match played in a thread keeps one message in the parent channel (players,
score, minute, a link to the thread), edited at goals, half time and full time.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("live_boards") as batch:
        batch.add_column(
            sa.Column("deciders", sa.String(length=200), nullable=False, server_default="")
        )
    op.create_table(
        "scoreboards",
        sa.Column("match_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_scoreboards_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_scoreboards")),
    )


def downgrade() -> None:
    op.drop_table("scoreboards")
    with op.batch_alter_table("live_boards") as batch:
        batch.drop_column("deciders")
