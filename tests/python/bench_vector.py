"""Steps per second of VectorGame (make bench-python): n games of abapa
stepped together with random legal actions, for n = 1, 64 and 1024, against
a loop over one State as a training loop without it would run

    s = awale.State()
    while not s.is_over():
        s.play(rng.choice(s.legal_actions()))

Wall time and this process's CPU time are both printed: on a machine shared
with other jobs the CPU time is what one core gives. Prints figures; never
fails on timing."""

import random
import sys
import time

import awale


def timed(name, seconds, body):
    """Run body() (which returns the steps it made) for about `seconds`."""
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        steps += body()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print("%-46s %12.0f steps/s wall %12.0f steps/s CPU" % (name, steps / wall,
                                                             steps / max(cpu, 1e-9)))
    sys.stdout.flush()


def state_loop(actions="absolute"):
    rng = random.Random(1)

    def game():
        s = awale.State(actions=actions)
        while not s.is_over():
            s.play(rng.choice(s.legal_actions()))
        return s.ply
    return game


def vector(n, actions="absolute", numpy=None, batch=50):
    v = awale.VectorGame(n, seed=1, actions=actions, numpy=numpy)

    def run():
        for _ in range(batch):
            v.step(v.random_actions())
        return n * batch
    return run


def vector_numpy_choice(n, batch=20):
    """Actions drawn in numpy from the legal masks (as a policy would)."""
    import numpy as np
    v = awale.VectorGame(n, seed=1)
    rng = np.random.default_rng(1)
    mask = v.legal_masks()

    def run():
        for _ in range(batch):
            actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            v.step(actions.astype(np.int32))
        return n * batch
    return run


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print("awale %s, Python %s, numpy %s" % (awale.__version__, sys.version.split()[0],
                                             "yes" if awale._numpy() else "no"))
    timed("State loop, legal_actions() + play(int)", seconds, state_loop())
    timed("State loop, relative actions", seconds, state_loop("relative"))
    for n in (1, 64, 1024):
        timed("VectorGame n=%d, random_actions() + step()" % n, seconds,
              vector(n, batch=2000 // n + 1))
    timed("VectorGame n=1024, relative (OpenSpiel tensor)", seconds,
          vector(1024, "relative", batch=5))
    if awale._numpy():
        timed("VectorGame n=1024, actions drawn in numpy", seconds, vector_numpy_choice(1024))
    timed("VectorGame n=64, without numpy (lists)", seconds, vector(64, numpy=False, batch=5))
