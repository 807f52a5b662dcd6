"""`MatchStore.last_finished_match`: the channel's last finished match of a game, whose action
log players may download (`/<game> log export:true`)."""

from __future__ import annotations

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
