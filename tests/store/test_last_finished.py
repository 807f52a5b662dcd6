"""`MatchStore.last_finished_match`: the channel's last finished match of a game, whose action
log players may download (`/<game> log export:true`)."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from store.repository import MatchStore
from tests.store.conftest import CHANNEL, NewMatch


async def test_the_last_finished_match_of_the_game_in_the_channel(
    store: MatchStore, new_match: NewMatch, ruleset: str
) -> None:
    assert await store.last_finished_match(CHANNEL, ruleset) is None
    first = await new_match(store)
    await store.finish(first.id, {"winner": None})
    second = await new_match(store)
    await store.finish(second.id, {"winner": None})
    called_off = await new_match(store)
    await store.abort(called_off.id)
    elsewhere = await new_match(store, channel=CHANNEL + 1)
    await store.finish(elsewhere.id, {"winner": None})
    playing = await new_match(store)  # a match being played is not finished

    found = await store.last_finished_match(CHANNEL, ruleset)
    assert found is not None and found.id == second.id
    assert found.result == {"winner": None} and playing.id != found.id
    other_game = "dicesoccer" if ruleset == "fuba" else "fuba"
    assert await store.last_finished_match(CHANNEL, other_game) is None


async def test_it_is_found_through_the_channel_index(store: MatchStore) -> None:
    """A busy bot's channel holds many finished matches: the lookup goes through the index of
    a channel's matches by status, not through every match."""
    query = (
        "SELECT id FROM matches WHERE channel_id = 1 AND ruleset = 'fuba' "
        "AND status = 'finished' ORDER BY id DESC LIMIT 1"
    )
    async with store.engine.connect() as conn:
        if conn.dialect.name != "sqlite":
            pytest.skip("the query plan is read from SQLite")
        plan = (await conn.execute(text(f"EXPLAIN QUERY PLAN {query}"))).all()
    details = " ".join(str(row[-1]) for row in plan)
    assert "ix_matches_channel_status" in details, details
