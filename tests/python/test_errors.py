"""Every error path: bad input raises AwaleError (a ValueError) carrying the
library's message, the same words the program prints, and never crashes the
interpreter; wrong Python types raise TypeError; the object stays usable."""

import pytest

import awale

START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"


def raises(fn, *args, **kwargs):
    with pytest.raises(awale.AwaleError) as e:
        fn(*args, **kwargs)
    assert isinstance(e.value, ValueError)
    return str(e.value)


@pytest.mark.parametrize("args,make", [
    (["--rules", "nope"], lambda: awale.Rules("nope")),
    (["--rules", "nope"], lambda: awale.State(rules="nope")),
    (["--rules", "nope"], lambda: awale.perft(1, rules="nope")),
    (["--rule", "target=x"], lambda: awale.State(rule={"target": "x"})),
    (["--rule", "target=49"], lambda: awale.State(rule={"target": 49})),
    (["--rule", "bogus=1"], lambda: awale.State(rule={"bogus": "1"})),
    (["--rule", "bogus=1"], lambda: awale.State(rule=["bogus=1"])),
    (["--rule", "grand-slam=maybe"], lambda: awale.Rules(rule="grand-slam=maybe")),
    (["--rule", "target"], lambda: awale.Rules(rule=["target"])),
    (["--rules", "relay", "--rule", "no-move=sometimes"],
     lambda: awale.State("relay", {"no-move": "sometimes"})),
])
def test_bad_rules_say_what_the_program_says(cli, args, make):
    assert raises(make) in cli.error("replay", *args)


@pytest.mark.parametrize("pos", [
    "1-2", "", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", "4-4-4-4-4-4-4-4-4-4-4-5-0-0-S",
    "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-70000",
    "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S-1-2", "300-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
])
def test_bad_positions_say_what_the_program_says(cli, pos):
    msg = raises(awale.State, position=pos)
    assert msg in cli.error("replay", "--position", pos)
    assert raises(awale.perft, 2, position=pos) == msg
    assert raises(awale.Engine().analyze, pos) == msg


@pytest.mark.parametrize("rules,position,moves", [
    ("abapa", None, ["C", "C"]),                      # the opponent's pit
    ("abapa", None, ["Z"]),                           # not a pit
    ("abapa", None, ["C", "a", "C"]),                 # an empty pit
    ("abapa", None, ["C+"]),                          # a direction in Oware
    ("relay", None, ["C"]),                           # no direction in relay
    ("abapa", "0-0-0-0-0-0-1-0-0-0-0-1-23-23-N", ["a"]),  # must feed
    ("abapa", "0-0-0-0-0-0-1-0-0-0-0-0-23-24-S", ["A"]),  # the game is over
])
def test_illegal_moves_say_what_the_program_says(cli, rules, position, moves):
    s = awale.State(rules=rules, position=position)
    for m in moves[:-1]:
        s.play(m)
    before = (s.position, s.history)
    with pytest.raises(awale.IllegalMoveError) as e:
        s.play(moves[-1])
    assert e.value.move == moves[-1]
    args = ["--rules", rules] + (["--position", position] if position else [])
    assert str(e.value) in cli.error("replay", *args, *moves)
    # Nothing was played, and the game goes on from there.
    assert (s.position, s.history) == before


def test_moves_checked_before_they_reach_the_library():
    s = awale.State()
    for bad in [12, -1, 25, 1 << 70]:
        assert "action" in raises(s.play, bad)
    r = awale.State("relay")
    assert "from 0 to 24" in raises(r.play, 25)
    with pytest.raises(TypeError):
        s.play(None)
    with pytest.raises(TypeError):
        s.play(2.0)
    with pytest.raises(TypeError):
        s.play(True)
    assert "NUL" in raises(s.play, "C\0")
    assert raises(s.play, "C D") == "expected one move, not 'C D'"
    assert raises(s.play, "") == "expected one move, not ''"
    assert "NUL" in raises(awale.State, position=START + "\0")
    assert "NUL" in raises(awale.Rules, "abapa\0")
    with pytest.raises(TypeError):
        awale.State(position=4)
    assert s.ply == 0


def test_play_moves_stops_at_the_bad_one(cli):
    # The moves before the bad one are played; the message numbers the bad
    # one as the program does.
    s = awale.State()
    assert raises(s.play_moves, "C f Z") == cli.error("replay", "C", "f", "Z")
    assert s.history == ["C", "f"]
    assert raises(s.play_moves, "Fb b") == cli.error("replay", "C", "f", "F", "b", "b").replace(
        "move 5", "move 3")
    assert s.history == ["C", "f", "F", "b"]
    t = awale.State()
    assert raises(t.play_moves, ["C", "C"]) == cli.error("replay", "C", "C")
    assert t.history == ["C"]
    assert raises(t.play_moves, ["f", 99]).startswith("move 2 (99) is illegal: the action")


def test_undo_agree_and_limits():
    s = awale.State()
    assert raises(s.undo) == "no move to take back"
    with pytest.raises(TypeError):
        s.undo("1")
    assert "plies" in raises(s.undo, 0)
    t = awale.State("seven-turns")
    assert "do not allow ending a game by agreement" in raises(t.agree)
    s.agree()
    assert s.is_over() and s.status == "agreement"
    assert raises(s.agree) == "the game is already over"
    assert "the game is over" in raises(s.play, "C")
    assert "seed" in raises(s.playout, seed=-1)
    assert "max_plies" in raises(s.playout, max_plies=-1)
    with pytest.raises(TypeError):
        s.playout(seed=1.5)
    for depth in [-1, 65]:
        assert "depth" in raises(awale.perft, depth)
    assert "depth" in raises(awale.perft_divide, 0)
    assert "first" in raises(awale.State, first="X")


def test_engine_errors(cli):
    e = awale.Engine()
    status, out, err = cli.run("uci", input="setoption name Hash value x\nquit\n")
    msg = raises(e.set_option, "Hash", "x")
    assert msg in out
    assert "'Nonsense'" in raises(e.set_option, "Nonsense", "1")
    assert raises(awale.Engine, Threads=0).startswith("bad value '0' for option Threads")
    assert raises(e.get_option, "Nonsense") == "no engine option 'Nonsense'"
    for kw in [{"depth": 0}, {"depth": 101}, {"nodes": 0}, {"movetime": -5}, {"multipv": 13}]:
        assert list(kw)[0] in raises(e.analyze, **kw)
    with pytest.raises(TypeError):
        e.analyze(depth="3")
    assert raises(e.analyze, awale.State(), rules="relay") == \
        "give the rules with the State, not beside it"
    with pytest.raises(TypeError):
        e.set_tables("tables")
    # A finished game: no best move, no crash.
    over = awale.State(position="0-0-0-0-0-0-1-0-0-0-0-0-23-24-S")
    a = e.analyze(over, depth=3)
    assert a.best is None and a.line == []
    e.close()
    assert raises(e.analyze, depth=1) == "the engine is closed"
    e.close()  # twice is fine


def test_tables_errors(cli, tmp_path):
    empty = str(tmp_path / "empty")
    msg = raises(awale.Tables, dir=empty)
    assert "no" in msg and empty in msg
    relay = raises(awale.Tables, "relay", dir=empty, build=True)
    assert relay in cli.error("tables", "probe", "--dir", empty, "--rules", "relay", START)
    assert awale.Tables.supported("relay") == relay
    assert awale.Tables.supported("abapa") is None
    assert "seeds" in raises(awale.Tables, dir=empty, seeds=49)
    assert "seeds" in raises(awale.Tables.build, dir=empty, seeds=-1)
    awale.Tables.build(dir=str(tmp_path / "good"), seeds=2)
    t = awale.Tables(dir=str(tmp_path / "good"))
    assert t.seeds == 2
    # A damaged layer: the message names the file, as the program's does.
    bad = tmp_path / "bad"
    awale.Tables.build(dir=str(bad), seeds=2)
    layer = bad / "abapa" / "layer-01.awt"
    layer.write_bytes(layer.read_bytes()[:-3] + b"xyz")
    msg = raises(awale.Tables, dir=str(bad))
    assert str(layer) in msg
    assert msg in cli.error("tables", "info", "--dir", str(bad))
    assert raises(t.probe, "1-2") in cli.error("replay", "--position", "1-2")
    t.close()
    assert raises(t.probe, START) == "the tables are closed"


def test_record_errors(cli, tmp_path):
    cases = {
        "tag": '[Event "x\n',
        "move": '[Event "x"]\n1. C f 2. Z *\n',
        "fen": '[FEN "nope"]\n*\n',
        "illegal": '1. C C *\n',
        "rules": '[Rules "nope"]\n*\n',
    }
    for name, text in cases.items():
        f = tmp_path / (name + ".txt")
        f.write_text(text)
        msg = raises(awale.read_records, text)
        assert msg.startswith("line ")
        assert msg in cli.error("replay", "--record", str(f)), name
    assert raises(awale.read_records, b"[Event \"x\0\"]") == "the records contain a NUL byte"
    with pytest.raises(TypeError):
        awale.read_records(None)
    assert awale.read_records("") == []
    r = awale.State().record()
    for tag in ["FEN", "Rules", "SetUp"]:
        assert tag in raises(r.set_tag, tag, "x")
    assert "Result" in raises(r.set_tag, "Result", "2-0")
    assert raises(r.set_tag, "Bad Name", "x")
    assert "}" in raises(r.set_comment, 0, "a } b")
    assert raises(r.set_comment, 5, "after nothing")


def test_book_errors(cli, tmp_path):
    f = tmp_path / "book.awb"
    f.write_bytes(b"abc")
    msg = raises(awale.Book, str(f))
    assert msg in cli.error("book", "info", "--book", str(f))
    missing = str(tmp_path / "missing.awb")
    assert raises(awale.Book, missing) in cli.error("book", "info", "--book", missing)
