"""An index of a channel's matches by status: the channel's last finished match (whose action
log a player downloads) is found without reading every match of the channel.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-23
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_matches_channel_status", "matches", ["channel_id", "status", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_matches_channel_status", table_name="matches")
