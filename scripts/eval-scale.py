#!/usr/bin/env python3
"""eval-scale.py - reads the lines of tools/eval_scale.c and says how the
network's values compare with the linear model's: on the values of
positions, on the losses of moves (best minus a random other move, and best
minus second best), and against the games' final margins. Plain Python.

usage: scripts/eval-scale.py FILE... [--min-seeds N]
"""
import math
import sys


def parse(paths, min_seeds):
    rows = []
    for path in paths:
        with open(path) as f:
            for line in f:
                p = line.split()
                if len(p) != 10:
                    continue
                seeds = int(p[2])
                if seeds < min_seeds:
                    continue
                vals = p[3:9]
                proven = [v.endswith("*") for v in vals]
                nums = [int(v.rstrip("*")) for v in vals]
                rows.append((seeds, nums, proven, int(p[9])))
    return rows


def ols(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    return sxy / sxx, my - sxy / sxx * mx, sxy / math.sqrt(sxx * syy), math.sqrt(syy / sxx)


def origin(xs, ys):
    return sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs)


def quantile(sorted_v, q):
    if not sorted_v:
        return float("nan")
    k = min(len(sorted_v) - 1, max(0, int(round(q * (len(sorted_v) - 1)))))
    return sorted_v[k]


def report(name, xs, ys):
    b, a, r, sd = ols(xs, ys)
    b2, _, _, _ = ols(ys, xs)
    print(f"{name}: n={len(xs)} corr={r:.3f}  network on linear: slope {b:.3f} (+{a:.0f}), "
          f"linear on network: slope {b2:.3f} (1/that {1 / b2:.3f}); sd ratio {sd:.3f}; "
          f"through 0: {origin(xs, ys):.3f}")


def bootstrap_sd_ratio(xs, ys, rounds=200):
    import random
    rnd = random.Random(1)
    n = len(xs)
    out = []
    for _ in range(rounds):
        idx = [rnd.randrange(n) for _ in range(n)]
        out.append(ols([xs[i] for i in idx], [ys[i] for i in idx])[3])
    out.sort()
    return out[int(0.025 * rounds)], out[int(0.975 * rounds) - 1]


def main():
    args = sys.argv[1:]
    min_seeds = 13
    if "--min-seeds" in args:
        i = args.index("--min-seeds")
        min_seeds = int(args[i + 1])
        del args[i:i + 2]
    rows = parse(args, min_seeds)
    print(f"positions with at least {min_seeds} seeds on the board: {len(rows)}")
    # Values of positions, both estimates.
    xs = [n[0] for s, n, p, f in rows if not p[0] and not p[3]]
    ys = [n[3] for s, n, p, f in rows if not p[0] and not p[3]]
    report("position values (best line)", xs, ys)
    lo, hi = bootstrap_sd_ratio(xs, ys)
    print(f"  sd ratio 95% bootstrap interval {lo:.3f}..{hi:.3f}")
    # Losses of a random other move: the review's values of a played move.
    lx, ly = [], []
    gx, gy = [], []
    for s, n, p, f in rows:
        if not (p[0] or p[2] or p[3] or p[5]):
            lx.append(n[0] - n[2])
            ly.append(n[3] - n[5])
        if not (p[0] or p[1] or p[3] or p[4]):
            gx.append(n[0] - n[1])
            gy.append(n[3] - n[4])
    lxp = [x for x, y in zip(lx, ly) if x > 0 or y > 0]
    lyp = [y for x, y in zip(lx, ly) if x > 0 or y > 0]
    report("loss of a random other move (either > 0)", lxp, lyp)
    lo, hi = bootstrap_sd_ratio(lxp, lyp)
    print(f"  sd ratio 95% bootstrap interval {lo:.3f}..{hi:.3f}")
    report("gap best - second best", gx, gy)
    # Quantile matching: the network's loss that marks as many moves as the
    # linear model's thresholds do.
    sx, sy = sorted(lxp), sorted(lyp)
    print("threshold matching (random other moves, losses > 0 on either side):")
    for t in (100, 200, 400):
        frac = sum(1 for x in sx if x >= t) / len(sx)
        tn = quantile(sy, 1 - frac)
        fn = sum(1 for y in sy if y >= t) / len(sy)
        print(f"  linear >= {t}: {100 * frac:.1f}% of moves; the network gives as many at {tn}; "
              f"network >= {t}: {100 * fn:.1f}%")
    print("the marks of the same moves at the same thresholds (rows linear, columns network):")
    def mark(v):
        return 3 if v >= 400 else 2 if v >= 200 else 1 if v >= 100 else 0
    tab = [[0] * 4 for _ in range(4)]
    for x, y in zip(lx, ly):
        tab[mark(x)][mark(y)] += 1
    names = ["none", "?!", "?", "??"]
    print("        " + " ".join(f"{n:>6}" for n in names))
    for i in range(4):
        print(f"  {names[i]:>5} " + " ".join(f"{v:6d}" for v in tab[i]))
    # The same with the network's thresholds scaled by the review's factors
    # (src/engine/review.c, nnue_review_scale) for its output bucket.
    factors = (2.00, 1.45, 1.20, 1.05)
    tab = [[0] * 4 for _ in range(4)]
    for s_, n, p, f in rows:
        if p[0] or p[2] or p[3] or p[5]:
            continue
        k = factors[min(3, s_ * 4 // 49)]
        tab[mark(n[0] - n[2])][mark((n[3] - n[5]) / k)] += 1
    print("the same, the network's thresholds times the review's factors "
          + " ".join(f"{k:.2f}" for k in factors) + ":")
    print("        " + " ".join(f"{n:>6}" for n in names))
    for i in range(4):
        print(f"  {names[i]:>5} " + " ".join(f"{v:6d}" for v in tab[i]))
    tot = sum(map(sum, tab))
    same = sum(tab[i][i] for i in range(4))
    near = sum(tab[i][j] for i in range(4) for j in range(4) if abs(i - j) <= 1)
    print(f"  the same mark {100 * same / tot:.1f}%, at most one step apart {100 * near / tot:.1f}%; "
          f"marked by linear {100 * sum(map(sum, tab[1:])) / tot:.1f}%, by the network "
          f"{100 * sum(tab[i][j] for i in range(4) for j in range(1, 4)) / tot:.1f}%")
    # Against the games' final margins (hundredths): how much a hundredth of
    # each evaluation is worth in seeds at the end.
    fx = [(n[0], n[3], 100 * f) for s, n, p, f in rows if not p[0] and not p[3]]
    bl, al, rl, _ = ols([a for a, b, c in fx], [c for a, b, c in fx])
    bn, an, rn, _ = ols([b for a, b, c in fx], [c for a, b, c in fx])
    print(f"final margin on the value: linear slope {bl:.3f} corr {rl:.3f}; "
          f"network slope {bn:.3f} corr {rn:.3f}")
    print("by the network's output bucket (seeds on the board):")
    for lo_s, hi_s in ((0, 12), (13, 24), (25, 36), (37, 48)):
        sub = [(n[0], n[3]) for s, n, p, f in rows
               if lo_s <= s <= hi_s and not p[0] and not p[3]]
        los = [(n[0] - n[2], n[3] - n[5]) for s, n, p, f in rows
               if lo_s <= s <= hi_s and not (p[0] or p[2] or p[3] or p[5])]
        los = [(x, y) for x, y in los if x > 0 or y > 0]
        if len(sub) > 30 and len(los) > 30:
            b, _, r, sd = ols([a for a, b in sub], [b for a, b in sub])
            lx2, ly2 = [a for a, b in los], [b for a, b in los]
            lb, _, lr, lsd = ols(lx2, ly2)
            lo, hi = bootstrap_sd_ratio(lx2, ly2)
            fin = [(n[0], n[3], 100 * f) for s, n, p, f in rows
                   if lo_s <= s <= hi_s and not p[0] and not p[3]]
            fl = ols([a for a, b, c in fin], [c for a, b, c in fin])[0]
            fn = ols([b for a, b, c in fin], [c for a, b, c in fin])[0]
            sx2, sy2 = sorted(lx2), sorted(ly2)
            match = []
            for t in (100, 200, 400):
                frac = sum(1 for x in sx2 if x >= t) / len(sx2)
                match.append(quantile(sy2, 1 - frac) / t)
            print(f"  seeds {lo_s}-{hi_s}: final margin per value, linear / network "
                  f"{fl:.3f} / {fn:.3f} = {fl / fn:.3f}; marks as many at x "
                  + " ".join(f"{m:.2f}" for m in match) + " (?!, ?, ??)")
            print(f"  seeds {lo_s}-{hi_s}: values n={len(sub)} slope {b:.3f} corr {r:.3f} "
                  f"sd ratio {sd:.3f}; losses n={len(los)} slope {lb:.3f} "
                  f"through 0 {origin(lx2, ly2):.3f} corr {lr:.3f} sd ratio {lsd:.3f} "
                  f"({lo:.2f}..{hi:.2f})")


if __name__ == "__main__":
    main()
