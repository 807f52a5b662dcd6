"""Leagues (members, fixtures, results, the admin audit trail) and Elo ratings with their
history. New tables only: a database with matches in it upgrades as it is, and the downgrade
drops them again (children first).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "league_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("fixture_id", sa.Integer(), nullable=True),
        sa.Column("actor_id", sa.BigInteger(), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("details", JSON, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "action IN ('forfeit', 'set_result', 'delete')", name=op.f("ck_league_audit_action")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_audit")),
    )
    op.create_index("ix_league_audit_league_id", "league_audit", ["league_id"])

    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("options", JSON, nullable=False),
        sa.Column("legs", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('open', 'running', 'ended')", name=op.f("ck_leagues_status")
        ),
        sa.CheckConstraint("legs IN (1, 2)", name=op.f("ck_leagues_legs")),
        sa.CheckConstraint("season >= 1", name=op.f("ck_leagues_season")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
        sa.UniqueConstraint(
            "guild_id", "name", "season", name=op.f("uq_leagues_guild_id_name_season")
        ),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_leagues_guild_id_status", "leagues", ["guild_id", "status"])

    op.create_table(
        "league_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_members_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["players.user_id"], name=op.f("fk_league_members_user_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_members")),
        sa.UniqueConstraint(
            "league_id", "user_id", name=op.f("uq_league_members_league_id_user_id")
        ),
    )
    op.create_table(
        "ratings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("goals_for", sa.Integer(), nullable=False),
        sa.Column("goals_against", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("games = wins + draws + losses", name=op.f("ck_ratings_record")),
        sa.ForeignKeyConstraint(
            ["user_id"], ["players.user_id"], name=op.f("fk_ratings_user_id_players")
        ),
        sa.PrimaryKeyConstraint("guild_id", "game", "user_id", name=op.f("pk_ratings")),
    )
    op.create_index(
        "ix_ratings_board", "ratings", ["guild_id", "game", "rating", "games", "user_id"]
    )

    op.create_table(
        "league_fixtures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("leg", sa.Integer(), nullable=False),
        sa.Column("home_id", sa.BigInteger(), nullable=False),
        sa.Column("away_id", sa.BigInteger(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.CheckConstraint(
            "status IN ('pending', 'playing', 'done')", name=op.f("ck_league_fixtures_status")
        ),
        sa.CheckConstraint("home_id <> away_id", name=op.f("ck_league_fixtures_distinct_players")),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_fixtures_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_league_fixtures_match_id_matches"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_fixtures")),
    )
    op.create_index("ix_league_fixtures_league_id_round", "league_fixtures", ["league_id", "round"])
    op.create_index("ix_league_fixtures_match_id", "league_fixtures", ["match_id"])

    op.create_table(
        "league_results",
        sa.Column("fixture_id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("home_goals", sa.Integer(), nullable=False),
        sa.Column("away_goals", sa.Integer(), nullable=False),
        sa.Column("winner_id", sa.BigInteger(), nullable=True),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("recorded_by", sa.BigInteger(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "reason IN ('full_time', 'resigned', 'timeout', 'forfeit', 'set_result')",
            name=op.f("ck_league_results_reason"),
        ),
        sa.CheckConstraint(
            "home_goals >= 0 AND away_goals >= 0", name=op.f("ck_league_results_goals")
        ),
        sa.ForeignKeyConstraint(
            ["fixture_id"],
            ["league_fixtures.id"],
            name=op.f("fk_league_results_fixture_id_league_fixtures"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_results_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_league_results_match_id_matches"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("fixture_id", name=op.f("pk_league_results")),
    )
    op.create_index("ix_league_results_league_id", "league_results", ["league_id"])

    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("opponent_id", sa.BigInteger(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("fixture_id", sa.Integer(), nullable=True),
        sa.Column("before", sa.Integer(), nullable=False),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.Column("delta", sa.Integer(), nullable=False),
        sa.Column("k", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=1), nullable=False),
        sa.Column("goals_for", sa.Integer(), nullable=False),
        sa.Column("goals_against", sa.Integer(), nullable=False),
        sa.Column("ending", sa.String(length=16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("outcome IN ('W', 'D', 'L')", name=op.f("ck_rating_history_outcome")),
        sa.CheckConstraint(
            "match_id IS NOT NULL OR fixture_id IS NOT NULL",
            name=op.f("ck_rating_history_rated_what"),
        ),
        sa.ForeignKeyConstraint(
            ["fixture_id"],
            ["league_fixtures.id"],
            name=op.f("fk_rating_history_fixture_id_league_fixtures"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_rating_history_match_id_matches"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["players.user_id"], name=op.f("fk_rating_history_user_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
        sa.UniqueConstraint(
            "fixture_id", "user_id", name=op.f("uq_rating_history_fixture_id_user_id")
        ),
        sa.UniqueConstraint("match_id", "user_id", name=op.f("uq_rating_history_match_id_user_id")),
    )
    op.create_index(
        "ix_rating_history_player", "rating_history", ["guild_id", "game", "user_id", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_rating_history_player", table_name="rating_history")

    op.drop_table("rating_history")
    op.drop_index("ix_league_results_league_id", table_name="league_results")

    op.drop_table("league_results")
    op.drop_index("ix_league_fixtures_match_id", table_name="league_fixtures")
    op.drop_index("ix_league_fixtures_league_id_round", table_name="league_fixtures")

    op.drop_table("league_fixtures")
    op.drop_index("ix_ratings_board", table_name="ratings")

    op.drop_table("ratings")
    op.drop_table("league_members")
    op.drop_index("ix_leagues_guild_id_status", table_name="leagues")

    op.drop_table("leagues")
    op.drop_index("ix_league_audit_league_id", table_name="league_audit")

    op.drop_table("league_audit")
