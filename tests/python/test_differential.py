"""The module agrees with the C library as the program shows it, on random
games of every rule set (and of rule variants): every position after every
move ('awale replay'), the end and the final scores, the legal moves and the
move counts ('awale perft --divide')."""

import random

import pytest

import awale

VARIANTS = [(name, {}) for name in awale.rule_sets()] + [
    ("abapa", {"target": "24", "repetition": "2"}),
    ("abapa", {"captures": "2", "grand-slam": "capture", "direction": "cw"}),
    ("seven-turns", {"no-capture": "6"}),
    ("relay", {"no-move": "pass", "chain": "backward"}),
    ("relay", {"skip-origin": "yes", "no-capture": "20"}),
]
GAMES = 12


def rule_args(rules, rule):
    args = ["--rules", rules]
    for k, v in rule.items():
        args += ["--rule", "%s=%s" % (k, v)]
    return args


def random_game(rng, rules, rule, limit=400):
    s = awale.State(rules=rules, rule=rule)
    positions = []
    while not s.is_over() and s.ply < limit:
        s.play(rng.choice(s.legal_moves()))
        positions.append(s.position)
    return s, positions


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=lambda v: str(v))
def test_random_games_replay_as_the_program_does(cli, rules, rule):
    rng = random.Random("%s %s" % (rules, sorted(rule.items())))
    ended = 0
    for _ in range(GAMES):
        s, positions = random_game(rng, rules, rule)
        out = cli.out("replay", *rule_args(rules, rule), *s.history).splitlines()
        assert out[:-1] == positions
        if s.is_over():
            ended += 1
            south, north = s.scores()
            assert out[-1] == "over %d-%d %s" % (south, north, s.status)
        else:
            assert out[-1] == "ongoing"
        # The same game again by action numbers, and undone to the start.
        t = awale.State(rules=rules, rule=rule)
        for m in s.history:
            a = t.action(m)
            assert t.move_name(a) == m
            assert a in t.legal_actions()
            t.play(a)
        assert t.position == s.position and t.status == s.status
        while t.ply:
            t.undo()
        assert t.position == t.start
    assert ended > 0


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=lambda v: str(v))
def test_playouts_in_c_are_games_the_program_replays(cli, rules, rule):
    for seed in range(4):
        s = awale.State(rules=rules, rule=rule)
        n = s.playout(seed=seed)
        assert n == s.ply and s.is_over() and s.legal_moves() == []
        out = cli.out("replay", *rule_args(rules, rule), *s.history).splitlines()
        assert out[-2] == s.position
        assert out[-1] == "over %d-%d %s" % (*s.scores(), s.status)
        # The same seed, the same game; a limit stops it.
        t = awale.State(rules=rules, rule=rule)
        assert t.playout(seed=seed, max_plies=n // 2) == n // 2
        assert t.history == s.history[:n // 2]
        u = awale.State(rules=rules, rule=rule)
        u.playout(seed=seed)
        assert u.history == s.history


@pytest.mark.parametrize("rules,rule", VARIANTS, ids=lambda v: str(v))
def test_legal_moves_and_perft_as_the_program_counts(cli, rules, rule):
    rng = random.Random("perft %s %s" % (rules, sorted(rule.items())))
    for _ in range(3):
        s, _ = random_game(rng, rules, rule, limit=rng.randrange(0, 40))
        if s.is_over():
            continue
        depth = 4 if s.rules.family == "relay" else 5
        args = rule_args(rules, rule) + ["--position", s.position]
        # perft --divide: each root move with its count, then 'd count' lines.
        lines = cli.out("perft", *args, "--divide", str(depth)).splitlines()
        divide = dict(line.split() for line in lines if not line[0].isdigit())
        counts = [int(line.split()[1]) for line in lines if line[0].isdigit()]
        py_divide = awale.perft_divide(depth, rules, rule, s.position)
        assert {m: str(c) for m, c in py_divide.items()} == divide
        # legal_moves is the generator's list while the game goes on (the
        # position string carries no history, so repetition aside).
        assert sorted(s.legal_moves()) == sorted(divide)
        assert awale.perft(depth, rules, rule, s.position)[1:] == counts
