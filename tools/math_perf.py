"""The perf part of suites/math/_reference.json, for tools/math-reference.py: a replica of the
JavaScript input generator in suites/math/_inputs.js, the hash of the inputs it must produce, a few
correctly rounded anchor results and the sum of all results, per throughput workload.
"""

import math
import struct
import sys

from mpmath import mp, mpf
import mpmath

from math_exact import hexbits, ref_pow, ref_unary

# Must match suites/math/_inputs.js.
PERF_SEED = 0x5EED2024
PERF_COUNT = 100_000
PERF_STREAM = {"sin": 1, "cos": 2, "tan": 3, "exp": 4, "log": 5, "pow": 6, "sin-large": 7, "cos-large": 8, "tan-large": 9}
M32 = 0xFFFFFFFF


# --------------------------------------------- replica of suites/math/_inputs.js

def rng(seed):
    s = seed & M32

    def nxt():
        nonlocal s
        s = (s + 0x9E3779B9) & M32
        z = s
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) & M32
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) & M32
        return z ^ (z >> 16)

    return nxt


def u53(nxt):
    hi = nxt() >> 11
    lo = nxt()
    return (hi * 4294967296 + lo) / 9007199254740992


def uniform(nxt, lo, hi):
    return lo + (hi - lo) * u53(nxt)


def int_in(nxt, lo, hi):
    return lo + nxt() % (hi - lo + 1)


def log_uniform_js(nxt, emin, emax):
    e = int_in(nxt, emin, emax)
    m = 1 + u53(nxt)
    return m * math.ldexp(1.0, e)


def signed_js(nxt, v):
    return -v if nxt() & 1 else v


def perf_value(name, nxt):
    """One input (x, y, class) exactly as suites/math/_inputs.js draws it."""
    c = nxt() % 1000
    if name in ("sin", "cos", "tan"):
        if c < 850:
            return uniform(nxt, -32, 32), None, "small"
        if c < 930:
            return signed_js(nxt, log_uniform_js(nxt, -26, 5)), None, "wide"
        if c < 970:
            return signed_js(nxt, log_uniform_js(nxt, 5, 60)), None, "large"
        if c < 985:
            return signed_js(nxt, log_uniform_js(nxt, 60, 1023)), None, "huge"
        return signed_js(nxt, log_uniform_js(nxt, -1074, -27)), None, "tiny"
    if name in ("sin-large", "cos-large", "tan-large"):
        return signed_js(nxt, log_uniform_js(nxt, 10, 29)), None, "large"
    if name == "exp":
        if c < 850:
            return uniform(nxt, -20, 20), None, "small"
        if c < 930:
            return uniform(nxt, -700, 700), None, "wide"
        if c < 970:
            return signed_js(nxt, log_uniform_js(nxt, -60, -10)), None, "tiny"
        return uniform(nxt, -745, 705), None, "edge"
    if name == "log":
        if c < 850:
            return uniform(nxt, 0.001, 100), None, "small"
        if c < 930:
            return log_uniform_js(nxt, -1074, 1022), None, "wide"
        return 1 + uniform(nxt, -(2.0**-20), 2.0**-20), None, "near-one"
    if name == "pow":
        if c < 800:
            x = uniform(nxt, 0.01, 10)
            return x, uniform(nxt, -10, 10), "small"
        if c < 900:
            x = 1 + uniform(nxt, -(2.0**-10), 2.0**-10)
            return x, uniform(nxt, -65536, 65536), "near-one"
        if c < 950:
            x = -uniform(nxt, 0.1, 10)
            return x, float(int_in(nxt, 0, 40) - 20), "negative"
        x = log_uniform_js(nxt, -20, 20)
        return x, uniform(nxt, -20, 20), "wide"
    raise KeyError(name)


def fnv1a_doubles(values, h=0x811C9DC5):
    for b in struct.pack(f"<{len(values)}d", *values):
        h = ((h ^ b) * 0x01000193) & M32
    return h


def perf_table():
    out = {}
    for name, stream in PERF_STREAM.items():
        nxt = rng(PERF_SEED + stream)
        xs, ys, classes = [], [], []
        for _ in range(PERF_COUNT):
            x, y, c = perf_value(name, nxt)
            xs.append(x)
            ys.append(y)
            classes.append(c)
        binary = name == "pow"
        fn = name.split("-")[0]
        h = fnv1a_doubles(xs)
        if binary:
            h = fnv1a_doubles(ys, h)

        def exact(i):
            if binary:
                return ref_pow(xs[i], ys[i])
            return ref_unary(fn, xs[i])

        # Anchors: evenly spread, plus the first few of every input class.
        idx = {int((k + 0.5) * PERF_COUNT / 24) for k in range(24)}
        for c in sorted(set(classes)):
            idx.update([i for i, cc in enumerate(classes) if cc == c][:3])
        anchors = [[i, hexbits(xs[i])] + ([hexbits(ys[i])] if binary else []) + [hexbits(exact(i))] for i in sorted(idx)]

        with mp.workprec(80):
            vals = []
            for x, y in zip(xs, ys):
                v = mpmath.power(mpf(x), mpf(y)) if binary else getattr(mpmath, fn)(mpf(x))
                vals.append(float(v))
        out[name] = {
            "count": PERF_COUNT,
            "seed": PERF_SEED + stream,
            "input_hash": format(h, "08x"),
            "classes": {c: classes.count(c) for c in sorted(set(classes))},
            "anchors": anchors,
            "sum": math.fsum(vals),
            "sum_abs": math.fsum(abs(v) for v in vals),
        }
        print(f"  perf {name}: hash {out[name]['input_hash']}", file=sys.stderr)
    return out
