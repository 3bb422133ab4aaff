"""The engine, the tables and the books from Python give the program's
answers: the same search (score, line, best move) at a fixed depth, the same
table values, the same book moves."""

import pytest

import awale


def analyze_cli(cli, *args):
    """(score, pv, bestmove) of the last depth of 'awale analyze'."""
    out = cli.out("analyze", "--tables", "none", *args).splitlines()
    last = [l for l in out if l.startswith("depth ")][-1].split()
    return last[last.index("score") + 1:last.index("nodes")], last[last.index("pv") + 1:], \
        out[-1].split()[1]


@pytest.mark.parametrize("rules,moves", [("abapa", "C f"), ("grand-slam", "A b C"),
                                         ("relay", "C+ d-"), ("two-seeds", "")])
def test_analyze_is_the_programs_search(cli, rules, moves):
    e = awale.Engine()
    s = awale.State(rules)
    s.play_moves(moves)
    a = e.analyze(s, depth=9)
    score, pv, best = analyze_cli(cli, "--rules", rules, "--depth", "9", *moves.split())
    assert a.depth == 9 and a.best == best and a.line == pv
    assert a.score.text.split() == score
    assert a.score.kind == "seeds" and a.score.value == float(score[0])
    # The same from a position string, and with the moves given to analyze
    # (a new game each time: the table learnt from a search changes the next).
    e.clear()
    assert e.analyze(s.position, rules=rules, depth=9).best == best
    e.clear()
    assert e.analyze(rules=rules, moves=moves, depth=9).line == pv


def test_multipv_nodes_and_options():
    e = awale.Engine(Hash=8, Threads=1)
    assert e.get_option("Hash") == "8"
    a = e.analyze(depth=6, multipv=3)
    assert len(a.lines) == 3 and a.lines[0].moves[0] == a.best
    assert [l.score.value for l in a.lines] == sorted((l.score.value for l in a.lines),
                                                       reverse=True)
    b = e.analyze(nodes=5000)
    assert b.best in awale.State().legal_moves() and b.nodes >= 1
    c = e.analyze(movetime=50)
    assert c.best is not None and c.depth >= 1
    opts = awale.engine_options()
    assert opts["Hash"]["type"] == "spin" and "Threads" in opts
    with awale.Engine() as f:
        assert f.analyze(depth=2).best


def test_tables_probe_as_the_program(cli, tmp_path):
    d = str(tmp_path / "tables")
    awale.Tables.build(dir=d, seeds=8)
    t = awale.Tables(dir=d)
    assert t.seeds == 8 and t.bytes > 0
    for pos in ["0-0-0-0-1-2-1-1-0-0-0-1-20-22-S", "1-0-2-0-0-0-0-1-0-3-0-0-20-21-N",
                "0-0-0-0-0-0-0-0-1-1-0-0-23-23-N"]:
        out = cli.out("tables", "probe", "--dir", d, pos).splitlines()
        assert out[0] == "value %d" % t.probe(pos)
        moves = {l.split()[0]: int(l.split()[1]) for l in out[1:-1]}
        assert t.probe_moves(pos) == moves
        assert t.probe(awale.State(position=pos)) == t.probe(pos)
    # Beyond the tables: not covered.
    assert t.probe("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S") is None
    assert t.probe_moves("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S") is None
    # The engine plays perfectly inside them.
    e = awale.Engine(tables=t)
    pos = "0-0-0-0-1-2-1-1-0-0-0-1-20-22-S"
    a = e.analyze(pos, depth=30)
    moves = t.probe_moves(pos)
    best = max(moves.items(), key=lambda kv: kv[1])

    def t_moves_keys(p):
        return list(moves)
    assert a.best == best[0]
    # Tables closed under an engine: the engine stops using them, no crash.
    t.close()
    assert e.analyze(pos, depth=8).best in t_moves_keys(pos)
    # build=True builds the missing layers first.
    u = awale.Tables(dir=str(tmp_path / "other"), seeds=4, build=True)
    assert u.seeds == 4


def test_book_probe_as_the_program(cli, tmp_path):
    book = str(tmp_path / "b.awb")
    cli.out("book", "build", "--depth", "3", "--positions", "40", "--out", book, "--quiet")
    b = awale.Book(book)
    out = cli.out("book", "probe", "--book", book).splitlines()
    moves = {l.split()[0]: l.split()[1] for l in out if not l.startswith("line")}
    got = b.probe(awale.State())
    assert {m: s.text for m, s in got.items()} == moves
    assert list(got) == [l.split()[0] for l in out if not l.startswith("line")]
    # North to move from the start is the same position seen from the other
    # seat (book keys are taken from the mover's view); a far position is not there.
    north = b.probe("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N")
    assert [s.text for s in north.values()] == [s.text for s in got.values()]
    assert b.probe("0-0-0-0-0-0-0-0-0-0-0-1-24-23-S") == {}
    e = awale.Engine(book=b, OwnBook=True)
    a = e.analyze(depth=5)
    assert a.book and a.best == list(got)[0]
    b.close()
    a = e.analyze(depth=5)
    assert not a.book and a.best in awale.State().legal_moves()
