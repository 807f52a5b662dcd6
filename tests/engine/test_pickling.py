"""What goes to the worker processes (the boards and replays drawn there: views, events, the
actions of a match) survives pickling, with the compiled engine as with pure Python."""

from __future__ import annotations

import pickle

from engine.core.actions import Action
from engine.core.winprob import Chances
from engine.fuba import FUBA
from engine.fuba.coach import play_match


def test_actions_states_events_and_chances_survive_pickling() -> None:
    state, actions, events = play_match(3)
    for action in actions[:50]:
        assert pickle.loads(pickle.dumps(action)) == action
    assert pickle.loads(pickle.dumps(Action("west", "done"))) == Action("west", "done", {})
    copy = pickle.loads(pickle.dumps(state))
    assert FUBA.to_json(copy) == FUBA.to_json(state)
    assert pickle.loads(pickle.dumps(events[:20])) == events[:20]
    chances = Chances((0.5, 0.2), 0.3)
    assert pickle.loads(pickle.dumps(chances)) == chances
