"""The module's objects used from several threads (docs/python.md, "Threads").

The library's calls run without the GIL, so a race between threads reaches
the C code: each case runs in a child Python, where a crash (a segfault, an
abort) is a failed test rather than the end of pytest."""

import os
import signal
import subprocess
import sys
import textwrap

import pytest

# 12 seeds on the board, beyond 10-seed tables: the search probes them at
# every capture that leads inside.
POSITION = "1-2-1-1-0-2-1-1-2-0-1-0-18-18-S"


def run(script, *args, timeout=120):
    """Run a Python script in a child process with the module; its stdout."""
    code = "import awale, sys, threading, time\nPOSITION = %r\n" % POSITION
    code += textwrap.dedent(script)
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                       timeout=timeout, env=dict(os.environ))
    if p.returncode < 0:
        pytest.fail("the child Python was killed by %s\n%s"
                    % (signal.Signals(-p.returncode).name, p.stderr[-3000:]))
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stdout


@pytest.fixture(scope="module")
def tables_dir(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("tables"))
    import awale
    awale.Tables.build(dir=d, seeds=10)
    return d


def test_tables_closed_during_an_analysis(tables_dir):
    # close() on one thread while an engine analyzes with the tables on
    # another: close waits for the analysis to end, which ends normally;
    # the engine then analyzes without them. (It used to free the tables
    # under the search: a segfault, every time.)
    out = run("""
        for i in range(4):
            t = awale.Tables(dir=sys.argv[1])
            e = awale.Engine(tables=t, Threads=2)
            done = {}

            def analyze():
                done["analysis"] = e.analyze(POSITION, movetime=600)
                done["at"] = time.monotonic()
            th = threading.Thread(target=analyze)
            th.start()
            time.sleep(0.05)
            t.close()
            closed = time.monotonic()
            th.join()
            assert "at" in done, "the analysis failed"
            # (with a margin for the thread to get the GIL back)
            assert done["at"] - closed < 0.25, "close() returned during the analysis"
            assert done["analysis"].best in awale.State(position=POSITION).legal_moves()
            # Closed: engines stop using them, the rest says so.
            assert e.analyze(POSITION, depth=6).best
            for f in (lambda: t.probe(POSITION), lambda: t.seeds, lambda: e.set_tables(t)):
                try:
                    f()
                    raise AssertionError("closed tables were used")
                except awale.AwaleError as x:
                    assert str(x) == "the tables are closed", x
            t.close()  # twice: nothing
        print("ok")
        """, tables_dir)
    assert out == "ok\n"


def test_tables_probed_and_closed_by_threads(tables_dir):
    # Probes on several threads at once, and close() among them: each probe
    # answers or says the tables are closed.
    out = run("""
        pos = "0-0-0-0-1-2-1-1-0-0-0-1-20-22-S"
        errors = []

        def probe(t, want):
            for _ in range(100000):
                try:
                    v = t.probe_moves(pos)
                    assert v is not None and max(v.values()) == want, v
                except awale.AwaleError as x:
                    if str(x) != "the tables are closed":
                        errors.append(repr(x))
                    return
                except Exception as x:
                    errors.append(repr(x))
                    return
        for i in range(20):
            t = awale.Tables(dir=sys.argv[1])
            ths = [threading.Thread(target=probe, args=(t, t.probe(pos))) for _ in range(4)]
            for th in ths:
                th.start()
            time.sleep(0.005)
            t.close()
            for th in ths:
                th.join()
            assert not errors, errors
        print("ok")
        """, tables_dir)
    assert out == "ok\n"


def test_book_closed_during_an_analysis(cli, tmp_path):
    book = str(tmp_path / "b.awb")
    cli.out("book", "build", "--depth", "3", "--positions", "40", "--out", book, "--quiet")
    out = run("""
        b = awale.Book(sys.argv[1])
        e = awale.Engine(book=b, OwnBook=True)
        done = {}

        def analyze():
            done["analysis"] = e.analyze(POSITION, movetime=600)
            done["at"] = time.monotonic()
        th = threading.Thread(target=analyze)
        th.start()
        time.sleep(0.05)
        b.close()
        closed = time.monotonic()
        th.join()
        assert "at" in done and done["at"] - closed < 0.25, "close() returned during the analysis"
        assert e.analyze(depth=4).best and not e.analyze(depth=4).book
        try:
            b.probe(awale.State())
            raise AssertionError("a closed book was probed")
        except awale.AwaleError as x:
            assert str(x) == "the book is closed", x
        print("ok")
        """, book)
    assert out == "ok\n"


def test_engine_used_by_threads():
    # Two threads analyze with one engine: the second waits for the first.
    # stop() from another thread ends an analysis at once; close() waits
    # for the analysis under way.
    out = run("""
        e = awale.Engine(Threads=2)
        results, errors = [], []

        def analyze(moves):
            try:
                results.append(e.analyze(moves=moves, movetime=150))
            except Exception as x:
                errors.append(repr(x))
        ths = [threading.Thread(target=analyze, args=(m,)) for m in ("C", "D", "E")]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        assert not errors, errors
        assert len(results) == 3 and all(r.best for r in results)

        start = time.monotonic()
        e.set_option("Threads", 1)
        th = threading.Thread(target=lambda: results.append(e.analyze(depth=60, movetime=60000)))
        th.start()
        time.sleep(0.2)
        e.stop()
        th.join(30)
        assert not th.is_alive() and time.monotonic() - start < 30, "stop() did not stop"
        assert results[-1].best

        th = threading.Thread(target=analyze, args=("C",))
        th.start()
        time.sleep(0.03)
        e.close()
        th.join()
        assert not errors, errors
        assert results[-1].best
        try:
            e.analyze(depth=2)
            raise AssertionError("a closed engine analyzed")
        except awale.AwaleError as x:
            assert str(x) == "the engine is closed"
        e.stop()  # closed: nothing
        print("ok")
        """)
    assert out == "ok\n"


def test_state_used_by_threads():
    # Six threads play, look and take back on one State: every call is
    # whole, so each thread's move is taken back and the game ends where it
    # began. (The history used to be torn: wrong moves, aborts.)
    out = run("""
        import random
        s = awale.State()
        start = s.position
        errors = []

        def worker(seed):
            rng = random.Random(seed)
            try:
                for _ in range(4000):
                    moves = s.legal_moves()
                    try:
                        s.play(rng.choice(moves))
                    except awale.IllegalMoveError:
                        continue  # another thread moved first
                    s.history, s.clone(), s.observation(numpy=False), repr(s), s.winner()
                    s.undo()
            except Exception as x:
                errors.append(repr(x))
        ths = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        assert not errors, errors[:3]
        assert s.ply == 0 and s.position == start and s.history == [], (s.ply, s.position)
        print("ok")
        """)
    assert out == "ok\n"


def test_record_used_by_threads():
    out = run("""
        s = awale.State()
        s.play_moves("C f F b")
        r = s.record()
        errors = []

        def worker(i):
            try:
                for k in range(2000):
                    r.set_tag("Event", "thread %d game %d" % (i, k))
                    r.set_comment(2, "comment %d" % k)
                    text = str(r)
                    assert "[Event \\"thread " in text, text
                    assert r.tag("Event").startswith("thread ")
                    assert r.state.ply == 4
            except Exception as x:
                errors.append(repr(x))
        ths = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        assert not errors, errors[:3]
        print("ok")
        """)
    assert out == "ok\n"


def test_vector_steps_without_the_gil():
    # With a switch interval of 1000 s the main thread gives the GIL away
    # only when it waits: a thread that counts while step() runs proves that
    # the C code runs without it.
    out = run("""
        sys.setswitchinterval(1000)
        v = awale.VectorGame(1 << 16, numpy=False)
        actions = v.random_actions()
        count, stop = [0], [False]

        def spin():
            while not stop[0]:
                count[0] += 1
                time.sleep(0)  # lets the GIL go
        th = threading.Thread(target=spin)
        th.start()
        seen = 0
        for _ in range(50):
            before = count[0]
            v.step(actions)
            seen = max(seen, count[0] - before)
            if seen:
                break
            actions = v.random_actions()
        stop[0] = True
        th.join()
        print("counted" if seen else "never")
        """)
    assert out == "counted\n"


def test_vector_games_in_parallel_threads():
    # Four VectorGames stepped by four threads at once end as they do one
    # after the other.
    out = run("""
        def play(seed, out):
            v = awale.VectorGame(128, seed=seed)
            for _ in range(300):
                v.step(v.random_actions())
            out[seed] = v.positions()
        alone, together = {}, {}
        for seed in range(4):
            play(seed, alone)
        ths = [threading.Thread(target=play, args=(seed, together)) for seed in range(4)]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        assert alone == together
        print("ok")
        """)
    assert out == "ok\n"


def test_vector_game_shared_by_threads():
    # Each call is whole: the threads' steps (some refused, as another
    # thread stepped between random_actions and step) leave valid games.
    out = run("""
        v = awale.VectorGame(64, seed=1)
        errors, steps = [], [0]

        def worker():
            try:
                for _ in range(300):
                    try:
                        v.step(v.random_actions().copy())
                        steps[0] += 1
                    except awale.IllegalMoveError:
                        pass
                    v.positions(), v.legal_masks().sum(), v.current_players().copy()
            except Exception as x:
                errors.append(repr(x))
        ths = [threading.Thread(target=worker) for _ in range(4)]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
        assert not errors, errors[:3]
        for i, p in enumerate(v.positions()):
            awale.State(position=p)  # 48 seeds, a well-formed position
            if v.ply(i) == 0:
                assert list(v.legal_masks()[i]) == [True] * 6 + [False] * 6
        v.step(v.random_actions())
        print("ok", steps[0] > 0)
        """)
    assert out == "ok True\n"
