"""The state object and the rest of the module's surface: rule sets and
parameters as the program lists them, states (clone, undo, observations,
actions, the end), records written and read back."""

import random

import pytest

import awale

START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"


def test_rule_sets_and_parameters_as_the_program_lists_them(cli):
    out = cli.out("rules")
    assert awale.rule_sets() == ["abapa", "seven-turns", "grand-slam", "two-seeds", "relay"]
    for name in awale.rule_sets():
        assert name in out
        assert awale.rule_set_summary(name).split()[0] in out
    for p in awale.parameters():
        assert "  %-12s %s" % (p.name, p.values) in out
    for name in awale.rule_sets():
        r = awale.Rules(name)
        shown = cli.out("rules", "--rules", name)
        assert r.howto().splitlines()[0][:40] in shown.replace("\n", " ").replace("  ", " ") or \
            r.howto()[:20] in shown
        for k, v in r.as_dict().items():
            assert "  %-12s %-9s %s" % (k, v, r.describe(k)) in shown


def test_rules_overrides_and_equality():
    r = awale.Rules("abapa", rule={"target": 24, "play-on": True})
    assert r["target"] == "24" and r["play-on"] == "yes"
    assert r.diff() == "target=24 play-on=yes"
    assert r == awale.Rules("abapa", rule=["target=24", "play-on=yes"])
    assert r != awale.Rules("abapa")
    assert repr(r) == "Rules('abapa', rule=['target=24', 'play-on=yes'])"
    assert r.name == "abapa" and r.family == "oware"
    assert awale.Rules("relay").family == "relay"
    assert not awale.Rules("relay").applies("captures")
    with pytest.raises(KeyError):
        r["nonsense"]
    assert r.get("nonsense", 7) == 7
    # A state keeps its own copy of the rules.
    s = awale.State(rules=r)
    r.set("target", 30)
    assert s.rules["target"] == "24"


def test_state_basics():
    s = awale.State(rules="abapa", rule={"target": "24"}, position=None)
    assert s.position == s.start == START and s.to_move == "S" and s.current_player == 0
    assert s.legal_moves() == list("ABCDEF")
    assert s.legal_actions() == list(range(6))
    s.play("C")
    assert s.position == "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N-1"
    assert s.to_move == "N" and s.legal_moves() == list("abcdef")
    assert s.legal_actions() == list(range(6, 12))
    s.play(11)  # f
    assert s.history == ["C", "f"] and s.ply == 2
    assert not s.is_over() and s.status == "ongoing" and s.winner() is None
    assert s.scores() == (0, 0) and s.returns() == (0, 0)
    assert s.undo() == 1 and s.history == ["C"]
    assert str(s) == s.position and "abapa" in repr(s)
    n = awale.State(first="N")
    assert n.to_move == "N" and n.legal_moves() == list("abcdef")


def test_clone_is_independent():
    rng = random.Random(3)
    s = awale.State()
    for _ in range(30):
        s.play(rng.choice(s.legal_moves()))
    c = s.clone()
    assert (c.position, c.history, c.start, c.rules) == (s.position, s.history, s.start, s.rules)
    c.play(c.legal_moves()[0])
    c.undo(3)
    assert s.ply == 30 and c.ply == 28
    import copy
    d = copy.deepcopy(s)
    assert d.history == s.history and d._g != s._g


def test_observation():
    s = awale.State()
    s.play_moves("C f F")
    pits = [int(x) for x in s.position.split("-")[:14]]
    assert s.observation(numpy=False) == pits
    assert s.to_move == "N"
    assert s.observation(mover_first=True, numpy=False) == pits[6:12] + pits[:6] + pits[12:14][::-1]
    s.play("b")
    assert s.observation(mover_first=True, numpy=False) == s.observation(numpy=False)
    np = pytest.importorskip("numpy")
    o = s.observation()
    assert isinstance(o, np.ndarray) and o.dtype == np.uint8 and list(o) == s.observation(
        numpy=False)


def test_observation_without_numpy(no_numpy):
    s = awale.State()
    assert s.observation() == [4] * 12 + [0, 0]
    with pytest.raises(ImportError):
        s.observation(numpy=True)


def test_relay_actions_and_pass():
    s = awale.State("relay", rule={"no-move": "pass"})
    assert s.num_actions() == 25
    assert s.legal_moves()[:2] == ["A+", "A-"]
    assert s.action("A-") == 12 and s.move_name(12) == "A-" and s.move_name(24) == "pass"
    # A position where South has no move: it passes.
    p = awale.State("relay", rule={"no-move": "pass"}, position="1-1-0-0-0-0-0-0-3-0-0-0-20-23-S")
    assert p.legal_moves() == ["pass"] and p.legal_actions() == [24]
    p.play(24)
    assert p.to_move == "N"


def test_the_end_scores_and_winner():
    s = awale.State(position="0-0-0-0-0-0-1-0-0-0-0-1-23-23-N")
    s.play("f")
    s.play("A")
    # North's row: a holds 1... play on until the end.
    while not s.is_over():
        s.play(s.legal_moves()[0])
    south, north = s.scores()
    assert south + north <= 48 and s.legal_moves() == [] and s.legal_actions() == []
    assert s.winner() in ("S", "N", "draw")
    assert s.returns() == {"S": (1, -1), "N": (-1, 1), "draw": (0, 0)}[s.winner()]
    assert s.explain()


def test_repetition_ends_a_game():
    s = awale.State(rule={"repetition": "2"}, position="1-0-0-0-0-0-0-0-0-0-0-1-23-23-S")
    for m in ["A", "f"]:
        s.play(m)
    while not s.is_over():
        s.play(s.legal_moves()[0])
    assert s.status in ("repetition", "empty-row", "cannot-feed", "target")


def test_records_round_trip(cli, tmp_path):
    rng = random.Random(5)
    games = []
    for rules in awale.rule_sets():
        s = awale.State(rules=rules)
        for _ in range(rng.randrange(5, 60)):
            if s.is_over():
                break
            s.play(rng.choice(s.legal_moves()))
        r = s.record({"Event": "test", "South": "a", "North": "b"})
        r.set_comment(1, "a comment")
        games.append((s, r))
    text = awale.write_records([r for _, r in games])
    back = awale.read_records(text)
    assert len(back) == len(games)
    for (s, r), b in zip(games, back):
        t = b.state
        assert (t.history, t.position, t.rules) == (s.history, s.position, s.rules)
        assert b.tags == r.tags and b.tag("Event") == "test" and b.comment(1) == "a comment"
        assert b.result == r.result and str(b) == str(r)
    # The program reads what the module writes.
    f = tmp_path / "games.txt"
    f.write_text(text)
    out = cli.out("replay", "--record", str(f))
    for s, _ in games:
        assert s.position in out
    # And the module reads bytes as from a file.
    assert len(awale.read_records(f.read_bytes())) == len(games)
