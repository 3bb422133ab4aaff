"""Random playouts from Python (make bench-python): how many plies a second
a learning program gets from the module in the usual loop

    s = awale.State()
    while not s.is_over():
        s.play(rng.choice(s.legal_moves()))

by move names and by action numbers, with a clone at every ply (as a tree
search does), and the whole playout in C (State.playout). Prints figures;
never fails on timing."""

import random
import sys
import time

import awale


def loop(name, seconds, body):
    rng = random.Random(1)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        plies += body(rng)
        games += 1
    dt = time.perf_counter() - start
    print("%-34s %8.0f games/s %10.0f plies/s (%.1f plies a game)"
          % (name, games / dt, plies / dt, plies / games))


def by_names(rng):
    s = awale.State()
    while not s.is_over():
        s.play(rng.choice(s.legal_moves()))
    return s.ply


def by_actions(rng):
    s = awale.State()
    while not s.is_over():
        s.play(rng.choice(s.legal_actions()))
    return s.ply


def with_clones(rng):
    s = awale.State()
    while not s.is_over():
        s = s.clone()
        s.play(rng.choice(s.legal_actions()))
    return s.ply


def in_c(rng):
    s = awale.State()
    return s.playout(seed=rng.getrandbits(64))


def relay(rng):
    s = awale.State("relay")
    while not s.is_over():
        s.play(rng.choice(s.legal_actions()))
    return s.ply


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print("awale %s, Python %s" % (awale.__version__, sys.version.split()[0]))
    loop("abapa, legal_moves() + play(name)", seconds, by_names)
    loop("abapa, legal_actions() + play(int)", seconds, by_actions)
    loop("abapa, clone() at every ply", seconds, with_clones)
    loop("relay, legal_actions() + play(int)", seconds, relay)
    loop("abapa, State().playout() (in C)", seconds, in_c)
