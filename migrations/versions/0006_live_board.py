"""Each match's live board: the Discord message that shows it and the match version it shows.

A match has one live message, edited in place after every step (``cogs.play.live``). A row of
``live_boards`` records where it is (channel and message ids), when it was posted (a board older
than an hour is re-posted at the bottom rather than edited) and which version of the match it
shows: a board behind the match's version after a failed send or edit is brought up to date later
(the next interaction, a restart, the play cog's retry loop). A table of its own rather than
columns of ``matches``: no row until the first board is delivered, and matches of an older bot
simply get one at their next step.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "live_boards",
        sa.Column("match_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_live_boards_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_live_boards")),
    )


def downgrade() -> None:
    op.drop_table("live_boards")
