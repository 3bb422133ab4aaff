"""Relative actions and the observation tensor against OpenSpiel's published
playthrough of Oware (tests/data/openspiel-oware-playthrough.txt, the lines
of OpenSpiel's file that matter here): the game replayed with
State(actions="relative") under abapa, and in a VectorGame, must show at
every state OpenSpiel's player to move, legal actions, their names and
observation tensor, and end where OpenSpiel's ends with its returns."""

import os

import pytest

import awale
from conftest import ROOT

DATA = os.path.join(ROOT, "tests", "data", "openspiel-oware-playthrough.txt")


def playthrough():
    """The states of the playthrough: dicts of the kept lines' values."""
    states, cur = [], None
    with open(DATA) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# State "):
                cur = {"n": int(line.split()[2])}
                states.append(cur)
            elif cur is not None and line.startswith("action: "):
                cur["action"] = int(line.split()[1])
            elif cur is not None and " = " in line:
                key, value = line.split(" = ", 1)
                cur[key] = value
    for s in states:
        player, scores, pits = s["ObservationString(0)"].strip('"').split(" | ")
        s["player"] = int(player)
        s["counts"] = [int(x) for x in pits.split()] + [int(x) for x in scores.split()]
        s["tensor"] = [float(x) for x in s["ObservationTensor(0)"].strip("[]").split(", ")]
        if "LegalActions()" in s:
            s["legal"] = [int(x) for x in s["LegalActions()"].strip("[]").split(", ")]
            s["names"] = [x.strip('"') for x in s["StringLegalActions()"].strip("[]").split(", ")]
    return states


STATES = playthrough()


def test_the_data_file_is_the_whole_game():
    assert [s["n"] for s in STATES] == list(range(111))
    actions = [s["action"] for s in STATES[:-1]]
    assert " ".join(map(str, actions)) == STATES[-1]["HistoryString()"].strip('"')
    assert STATES[-1]["IsTerminal()"] == "True"


@pytest.mark.parametrize("numpy", [None, False])
def test_relative_state_replays_openspiels_game(numpy):
    s = awale.State("abapa", actions="relative")
    assert s.num_actions() == 6 and s.actions == "relative"
    for st in STATES[:-1]:
        assert s.current_player == st["player"], st["n"]
        assert s.legal_actions() == st["legal"], st["n"]
        assert [s.move_name(a) for a in st["legal"]] == st["names"], st["n"]
        mask = s.legal_action_mask(numpy=numpy)
        assert [bool(m) for m in mask] == [a in st["legal"] for a in range(6)]
        obs = s.observation(numpy=numpy)
        assert [round(float(x), 5) for x in obs] == st["tensor"], st["n"]
        assert [round(x * 48) for x in obs] == st["counts"]
        assert s.returns() == (0, 0) and not s.is_over()
        s.play(st["action"])
    last = STATES[-1]
    assert s.is_over() and s.legal_actions() == [] and s.returns() == (-1, 1)
    assert last["Returns()"] == "[-1.0, 1.0]"
    # At the end OpenSpiel empties the board, each player taking the seeds
    # of his own row (21-27); abapa ends at 25 with the seeds left on the
    # board counted for nobody (19-25): the winner is the same.
    assert last["counts"] == [0] * 12 + [21, 27]
    assert s.scores() == (19, 25)
    assert [round(x * 48) for x in s.observation(numpy=False)] == [0, 0, 0, 0, 2, 0,
                                                                   0, 1, 0, 0, 1, 0, 19, 25]


def test_absolute_state_plays_the_same_game():
    """Relative action a of the side to move is absolute action a + 6*side."""
    rel, ab = awale.State(actions="relative"), awale.State()
    for st in STATES[:-1]:
        assert ab.legal_actions() == [a + 6 * st["player"] for a in st["legal"]]
        assert ab.observation(numpy=False) == st["counts"]
        assert rel.action(ab.move_name(st["action"] + 6 * st["player"])) == st["action"]
        ab.play(st["action"] + 6 * st["player"])
        rel.play(st["action"])
        assert ab.position == rel.position
    assert ab.returns() == (-1, 1)


@pytest.mark.parametrize("numpy", [None, False])
def test_vector_game_replays_openspiels_game(numpy):
    """Three copies of the game in a VectorGame: OpenSpiel's tensors and
    masks at every step, the rewards at the end, then a new game."""
    v = awale.VectorGame(3, actions="relative", numpy=numpy)
    assert v.num_actions == 6
    for st in STATES[:-1]:
        obs, masks = v.observations(), v.legal_masks()
        for i in range(3):
            assert [round(float(x), 5) for x in obs[i]] == st["tensor"], st["n"]
            assert [bool(m) for m in masks[i]] == [a in st["legal"] for a in range(6)]
            assert v.move_name(i, st["legal"][0]) == st["names"][0]
        assert list(v.current_players()) == [st["player"]] * 3
        obs, rewards, done = v.step([st["action"]] * 3)
        if st["n"] < 109:
            assert not any(done)
            assert [list(r) for r in rewards] == [[0, 0]] * 3
    assert list(done) == [True] * 3
    assert [list(r) for r in rewards] == [[-1, 1]] * 3
    assert [round(float(x), 5) for x in v.observations()[0]] == STATES[0]["tensor"]
    assert v.positions() == ["4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"] * 3
