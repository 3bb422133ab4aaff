#!/usr/bin/env python3
# tables-minimax.py DIR SEEDS COUNT: opens the abapa tables in DIR up to SEEDS
# and checks, on COUNT random positions of each of the top four layers, that
# a position's value is its best move's value (the minimax equation), through
# the Python module (PYTHONPATH=python, AWALE_LIBRARY=the built library).
# Prints what it checked; exits 1 on a mismatch (docs/tables.md, section 7).
import random, sys, time

import awale

d, seeds, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0 = time.time()
t = awale.Tables("abapa", dir=d, seeds=seeds)
print(f"opened {t.seeds} seeds, {t.bytes} bytes in {time.time()-t0:.1f} s", flush=True)
rng = random.Random(1)
checked = bad = 0
for n in range(seeds - 3, seeds + 1):
    for _ in range(count):
        cuts = sorted(rng.randint(0, n) for _ in range(11))
        pits = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        side = rng.choice("SN")
        south = rng.randint(0, 48 - n)
        pos = "-".join(map(str, pits)) + f"-{south}-{48 - n - south}-{side}"
        v = t.probe(pos)
        mv = t.probe_moves(pos)
        if not mv:
            continue
        checked += 1
        if v != max(mv.values()):
            bad += 1
            print("mismatch", pos, v, mv)
print(f"{checked} positions of {seeds-3}..{seeds} seeds checked, {bad} mismatches, {time.time()-t0:.1f} s")
sys.exit(1 if bad else 0)
