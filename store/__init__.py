"""Persistence: SQLAlchemy 2 async models and repositories for matches and their append-only
action logs. SQLite (aiosqlite) by default, PostgreSQL (asyncpg) by database URL.
"""
