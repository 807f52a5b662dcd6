"""A rated forfeit's history row outlives its league: drop the check that every rating history
row keeps a match id or a fixture id.

A forfeit is rated by its fixture alone. Deleting its league deletes the fixture, and the
history row's ``fixture_id`` is set to NULL (``ON DELETE SET NULL``): under 0004's check
``match_id IS NOT NULL OR fixture_id IS NOT NULL`` that made deleting such a league fail. The
store still refuses to rate a match with neither key (``LeagueStore.apply_rating``).

The downgrade puts the check back; history rows left with neither key (forfeits of deleted
leagues) cannot satisfy it and are deleted first. The ratings themselves are not changed.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

RATED_WHAT = "match_id IS NOT NULL OR fixture_id IS NOT NULL"


def upgrade() -> None:
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_constraint(op.f("ck_rating_history_rated_what"), type_="check")


def downgrade() -> None:
    op.execute(sa.text(f"DELETE FROM rating_history WHERE NOT ({RATED_WHAT})"))
    with op.batch_alter_table("rating_history") as batch:
        batch.create_check_constraint(op.f("ck_rating_history_rated_what"), sa.text(RATED_WHAT))
