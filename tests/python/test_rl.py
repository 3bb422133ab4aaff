"""What a training loop uses, against the C library's own answers, on random
games of every rule set and of rule variants (docs/python.md, "For training
loops"): legal-action masks and relative actions against the legal moves,
pickle/copy/serialize against the game they copy, VectorGame against the
same games played one by one through State (whose moves, ends and scores
test_differential.py checks against the program), with numpy and without."""

import copy
import pickle
import random

import pytest

import awale

VARIANTS = [(name, {}) for name in awale.rule_sets()] + [
    ("abapa", {"repetition": "2"}),
    ("abapa", {"captures": "2", "grand-slam": "capture", "direction": "cw"}),
    ("seven-turns", {"no-capture": "6"}),
    ("relay", {"no-move": "pass", "chain": "backward"}),
    ("relay", {"repetition": "2", "no-capture": "20"}),
]
IDS = ["%s%s" % (r, "".join(" %s=%s" % kv for kv in rule.items())) for r, rule in VARIANTS]


def relative_of(state, move):
    """The relative action of a legal move, from its name and the rules:
    the pit's place in the mover's row, +6 clockwise, 12 the pass."""
    if move == "pass":
        return 12
    pit = "ABCDEFabcdef".index(move[0])
    return pit % 6 + (6 if move.endswith("-") else 0)


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=IDS)
def test_masks_and_relative_actions_follow_the_legal_moves(rules, rule):
    rng = random.Random(hash(rules) & 0xFFFF)
    for game in range(6):
        ab = awale.State(rules, rule)
        rel = awale.State(rules, rule, actions="relative")
        while not ab.is_over() and ab.ply < 300:
            moves = ab.legal_moves()
            assert rel.legal_moves() == moves
            # Absolute: the mask is the legal actions, the actions the moves.
            mask = ab.legal_action_mask(numpy=False)
            assert len(mask) == ab.num_actions()
            assert [a for a, m in enumerate(mask) if m] == sorted(ab.legal_actions())
            assert [ab.move_name(a) for a in ab.legal_actions()] == moves
            # Relative: numbered from the mover's row.
            ra = rel.legal_actions()
            assert ra == [relative_of(ab, m) for m in moves]
            assert [rel.move_name(a) for a in ra] == moves
            assert [rel.action(m) for m in moves] == ra
            rmask = rel.legal_action_mask(numpy=False)
            assert len(rmask) == rel.num_actions() == (13 if ab.rules.family == "relay" else 6)
            assert [a for a, m in enumerate(rmask) if m] == sorted(ra)
            k = rng.randrange(len(moves))
            ab.play(moves[k])
            rel.play(ra[k])
            assert rel.position == ab.position
        assert rel.status == ab.status and rel.returns() == ab.returns()
        if rel.is_over():
            assert rel.legal_action_mask(numpy=False) == [False] * rel.num_actions()


def test_relative_actions_refuse_what_is_not_legal():
    s = awale.State(actions="relative")
    with pytest.raises(awale.AwaleError, match="from 0 to 5, not 6"):
        s.play(6)
    s.play_moves("C f C")  # North to move; its pit f is empty
    with pytest.raises(awale.IllegalMoveError, match="pit f is empty") as e:
        s.play(5)
    assert e.value.move == 5 and s.ply == 3
    with pytest.raises(awale.AwaleError, match="actions must be 'absolute' or 'relative'"):
        awale.State(actions="openspiel")


def test_numpy_masks_and_observations():
    np = pytest.importorskip("numpy")
    s = awale.State(actions="relative")
    m = s.legal_action_mask()
    assert isinstance(m, np.ndarray) and m.dtype == np.bool_ and m.shape == (6,)
    o = s.observation()
    assert o.dtype == np.float32 and o.shape == (14,)
    assert list(o) == s.observation(numpy=False)
    assert list(awale.State().legal_action_mask()) == [True] * 6 + [False] * 6


def test_without_numpy_everything_is_lists(no_numpy):
    s = awale.State(actions="relative")
    assert s.legal_action_mask() == [True] * 6
    assert isinstance(s.observation(), list)
    with pytest.raises(ImportError, match="numpy is not installed"):
        s.legal_action_mask(numpy=True)
    v = awale.VectorGame(2)
    assert v.legal_masks() == [[True] * 6 + [False] * 6] * 2
    obs, rewards, done = v.step([2, 3])
    assert obs[0][:4] == [4, 4, 0, 5] and rewards == [[0.0, 0.0]] * 2 and done == [False] * 2
    with pytest.raises(ImportError):
        awale.VectorGame(2, numpy=True)


def test_the_environment_can_turn_numpy_off():
    import os
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-c", "import awale; s = awale.State(); "
                        "print(type(s.observation()).__name__, "
                        "type(awale.VectorGame(1).observations()).__name__)"],
                       capture_output=True, text=True, env=dict(os.environ, AWALE_NUMPY="0"))
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["list", "list"]


# ---------------------------------------------------------------- copies

def same_game(a, b):
    assert b.rules == a.rules and b.actions == a.actions
    assert b.start == a.start and b.history == a.history and b.position == a.position
    assert b.status == a.status and b.scores() == a.scores()
    assert b.legal_moves() == a.legal_moves() and b.legal_actions() == a.legal_actions()
    assert b.occurrences() == a.occurrences()


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=IDS)
def test_pickle_copy_and_serialize_keep_the_game(rules, rule):
    rng = random.Random(len(rules))
    for game in range(4):
        s = awale.State(rules, rule, actions=rng.choice(["absolute", "relative"]))
        stop = rng.randrange(0, 120)
        while not s.is_over() and s.ply < stop:
            s.play(rng.choice(s.legal_moves()))
        for copied in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s),
                       awale.State.deserialize(s.serialize()),
                       pickle.loads(pickle.dumps(s, protocol=2))):
            same_game(s, copied)
            # Independent: a move in the copy leaves the original as it was.
            if not copied.is_over():
                copied.play(copied.legal_moves()[0])
                assert copied.ply == s.ply + 1
        assert awale.State.deserialize(s.serialize()).serialize() == s.serialize()


def test_serialize_keeps_a_set_up_start_an_agreement_and_the_rules():
    s = awale.State("two-seeds", rule={"target": "30"},
                    position="0-0-0-0-1-2-1-1-0-0-0-1-20-22-S")
    s.play("E")
    s.agree()
    text = s.serialize()
    assert text == ("awale-state 1\nrules two-seeds\nrule target=30\n"
                    "start 0-0-0-0-1-2-1-1-0-0-0-1-20-22-S\nmoves E\nagreed\n")
    t = awale.State.deserialize(text)
    same_game(s, t)
    assert t.status == "agreement"
    assert pickle.loads(pickle.dumps(awale.Rules("relay", rule=["no-move=pass"]))) == \
        awale.Rules("relay", rule=["no-move=pass"])


@pytest.mark.parametrize("text,message", [
    ("", "not a serialized State: line 1 is '', not 'awale-state 1'"),
    ("awale-state 2\n", "line 1 is 'awale-state 2'"),
    ("awale-state 1\nrules abapa\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\ncolour red\n",
     "line 4: unknown field 'colour'"),
    ("awale-state 1\nrules abapa\nrules relay\n", "line 3: rules given twice"),
    ("awale-state 1\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\nrules abapa\n", "line 3: rules after start"),
    ("awale-state 1\nrules abapa\n", "has no start line"),
    ("awale-state 1\nrules nope\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n",
     "bad serialized State: unknown rule set 'nope'"),
    ("awale-state 1\nrules abapa\nrule target=99\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n",
     "bad serialized State: .*target"),
    ("awale-state 1\nrules abapa\nstart 4-4-4-4-4-4-4-4-4-4-4-5-0-0-S\n",
     "bad serialized State: pits and scores add up to 49 seeds, not 48"),
    ("awale-state 1\nrules abapa\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\nmoves C C\n",
     "bad serialized State: move 2 \\(C\\) is illegal"),
    ("awale-state 1\nrules abapa\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\nagreed now\n",
     "agreed takes no value"),
    ("awale-state 1\nrules abapa\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\nactions sideways\n",
     "actions must be 'absolute' or 'relative'"),
    ("awale-state 1\nrules\nstart 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\n", "line 2: rules needs a value"),
])
def test_deserialize_names_the_problem(text, message):
    with pytest.raises(awale.AwaleError, match=message):
        awale.State.deserialize(text)


def test_deserialize_refuses_garbage_with_an_awale_error():
    """Random damage to serialized games: a State or an AwaleError, never
    anything else."""
    rng = random.Random(5)
    s = awale.State("relay", rule={"no-move": "pass"})
    s.play_moves("C+ d- A+")
    good = s.serialize()
    alphabet = "awale-state 1\nrulesmovestart0123456789-+SN agreed\x00\xff"
    with pytest.raises(TypeError):
        awale.State.deserialize(good.encode())
    for _ in range(2000):
        text = list(good)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(text) + 1)
            op = rng.randrange(3)
            if op == 0 and text:
                del text[min(i, len(text) - 1)]
            elif op == 1:
                text.insert(i, rng.choice(alphabet))
            elif text:
                text[min(i, len(text) - 1)] = rng.choice(alphabet)
        try:
            awale.State.deserialize("".join(text))
        except awale.AwaleError:
            pass


# --------------------------------------------------------------- vectors

def vector_against_states(rules, rule, actions, numpy, n=6, steps=400, seed=3):
    v = awale.VectorGame(n, rules, rule, seed=seed, actions=actions, numpy=numpy)
    states = [awale.State(rules, rule, actions=actions) for _ in range(n)]
    ends = 0
    for _ in range(steps):
        obs, masks = v.observations(), v.legal_masks()
        players = list(v.current_players())
        for i, s in enumerate(states):
            assert v.position(i) == s.position
            assert v.ply(i) == s.ply
            assert players[i] == s.current_player
            assert [bool(m) for m in masks[i]] == s.legal_action_mask(numpy=False)
            assert [float(x) for x in obs[i]] == [float(x) for x in s.observation(numpy=False)]
        a = v.random_actions()
        chosen = [int(x) for x in a]
        obs, rewards, done = v.step(a)
        for i, s in enumerate(states):
            assert s.legal_action_mask(numpy=False)[chosen[i]]
            s.play(chosen[i])
            assert bool(done[i]) == s.is_over()
            assert [float(r) for r in rewards[i]] == [float(r) for r in s.returns()]
            if s.is_over():
                ends += 1
                states[i] = awale.State(rules, rule, actions=actions)
    return ends


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=IDS)
@pytest.mark.parametrize("actions", ["absolute", "relative"])
def test_vector_games_are_the_games_played_one_by_one(rules, rule, actions):
    ends = vector_against_states(rules, rule, actions, numpy=None)
    assert ends >= 4  # games ended and started again along the way


@pytest.mark.parametrize("actions", ["absolute", "relative"])
def test_vector_games_without_numpy(actions):
    assert vector_against_states("abapa", None, actions, numpy=False, steps=200) >= 2


def test_vector_seeds_and_reset():
    a, b = awale.VectorGame(5, seed=9), awale.VectorGame(5, seed=9)
    for _ in range(30):
        x, y = a.random_actions(), b.random_actions()
        assert list(x) == list(y)
        a.step(x)
        b.step(y)
    assert a.positions() == b.positions()
    obs = a.reset()
    assert a.positions() == ["4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"] * 5
    assert [list(o) for o in obs] == [[4] * 12 + [0, 0]] * 5
    assert len(a) == 5 and "5 games of abapa" in repr(a)


def test_vector_arrays_are_written_in_place():
    np = pytest.importorskip("numpy")
    v = awale.VectorGame(4, actions="relative")
    obs, masks = v.observations(), v.legal_masks()
    assert obs.dtype == np.float32 and obs.shape == (4, 14)
    assert masks.dtype == np.bool_ and masks.shape == (4, 6)
    o2, rewards, done = v.step(np.array([2, 2, 2, 2]))
    assert o2 is obs and v.legal_masks() is masks
    assert rewards.shape == (4, 2) and rewards.dtype == np.float32
    assert done.shape == (4,) and done.dtype == np.bool_
    assert round(float(obs[0][3]) * 48) == 5
    # Other integer types are taken; the C array is not the caller's.
    v.step(np.array([5, 5, 5, 5], dtype=np.int64))
    v.step(np.array([2, 2, 2, 2], dtype=np.uint8))


def test_vector_errors_leave_the_games_as_they_were():
    np = pytest.importorskip("numpy")
    v = awale.VectorGame(3)
    start = v.positions()
    cases = [
        ([2, 12, 2], awale.IllegalMoveError, "game 1: action 12 is out of range \\(0 to 11\\)"),
        ([2, -1, 2], awale.IllegalMoveError, "game 1: action -1 is out of range"),
        ([2, 7, 2], awale.IllegalMoveError,
         "game 1: action 7 \\(b\\) is illegal: b is North's pit"),
        (np.array([2, 7, 2], dtype=np.int32), awale.IllegalMoveError, "game 1: action 7"),
        (np.array([2, 2**40, 2]), awale.IllegalMoveError, "game 1: action 1099511627776"),
        ([2, 2], awale.AwaleError, "step\\(\\) needs 3 actions, one a game"),
        (np.array([[2, 2, 2]]), awale.AwaleError, "needs 3 actions"),
        (np.array([2.0, 2.0, 2.0]), TypeError, "actions must be integers"),
    ]
    for actions, error, message in cases:
        with pytest.raises(error, match=message):
            v.step(actions)
        assert v.positions() == start
    for bad in (0, awale._lib.AW_VECTOR_MAX + 1):
        with pytest.raises(awale.AwaleError, match="the number of games must be from 1"):
            awale.VectorGame(bad)
    with pytest.raises(TypeError):
        pickle.dumps(v)
    v.close()
    with pytest.raises(awale.AwaleError, match="the VectorGame is closed"):
        v.step([2, 2, 2])
    v.close()


def test_vector_errors_without_numpy(no_numpy):
    v = awale.VectorGame(2)
    with pytest.raises(TypeError, match="actions must be integers, not float"):
        v.step([2.0, 2])
    with pytest.raises(TypeError, match="not bool"):
        v.step([True, 2])
    with pytest.raises(awale.IllegalMoveError, match="game 0: action 40 is out of range"):
        v.step([40, 2])
    with pytest.raises(awale.AwaleError, match="needs 2 actions, one a game, not 3"):
        v.step([2, 2, 2])
    assert v.positions() == ["4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"] * 2


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=IDS)
@pytest.mark.parametrize("actions", ["absolute", "relative"])
def test_vector_games_replay_as_the_program_does(cli, rules, rule, actions):
    """The moves of each vector game, named as it goes, replayed by
    'awale replay': every position, then the end, the final scores and the
    rewards the vector gave."""
    args = ["--rules", rules]
    for k, val in rule.items():
        args += ["--rule", "%s=%s" % (k, val)]
    n = 4
    v = awale.VectorGame(n, rules, rule, seed=11, actions=actions)
    moves, positions = [[] for _ in range(n)], [[] for _ in range(n)]
    checked = 0
    for _ in range(3000):
        a = [int(x) for x in v.random_actions()]
        names = [v.move_name(i, a[i]) for i in range(n)]
        obs, rewards, done = v.step(a)
        for i in range(n):
            moves[i].append(names[i])
            if not done[i]:
                positions[i].append(v.position(i))
                continue
            out = cli.out("replay", *args, *moves[i]).splitlines()
            assert out[:len(positions[i])] == positions[i]
            assert len(out) == len(positions[i]) + 2  # the final position, the end
            south, north = (int(x) for x in out[-1].split()[1].split("-"))
            assert out[-1].startswith("over ")
            win = (south > north) - (south < north)
            assert [float(r) for r in rewards[i]] == [win, -win]
            assert v.position(i) == "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"
            moves[i], positions[i] = [], []
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6
