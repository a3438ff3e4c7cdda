#!/usr/bin/env python3
"""Correctly rounded reference results for parity's math suite.

Writes suites/math/_reference.json (see FORMAT below). Two parts:

* functions: >= 2,000 inputs per function (huge arguments, subnormals, values next to
  multiples of pi/2, negatives, exact cases, IEEE special values) with the correctly
  rounded float64 result of each, as ECMAScript defines the function. suites/math/accuracy.js
  measures every runtime against it.
* perf: for the throughput workloads (suites/math/{sin,cos,...}.js), a replica of the
  JavaScript input generator in suites/math/_inputs.js, the hash of the inputs it must
  produce, a few correctly rounded anchor results and the sum of all results. verify()
  uses them so that wrong or skipped work fails.

The correctly rounded values come from tools/math_exact.py, the perf part from
tools/math_perf.py. Correct rounding: each value is computed with mpmath at p and 2p bits (p = 160, then
doubled) and rounded to float64 with exact integer arithmetic (round half to even,
subnormals included); the result is kept only when both precisions round the same
way (Ziv's strategy). mpmath is pure Python and slow but exact enough; a full run
takes about 30 seconds.

Usage: python3 tools/math-reference.py [--out suites/math/_reference.json]
"""

import argparse
import base64
import json
import math
import os
import random
import struct
import sys

try:
    import mpmath
    from mpmath import mp, mpf
except ImportError:  # pragma: no cover
    sys.exit("mpmath is missing: install it with `pip install mpmath` (or run `make math-reference`)")

sys.dont_write_bytecode = True  # the helpers beside this script leave no __pycache__ in tools/
from math_exact import INF, NAN, bits, ref_atan2, ref_pow, ref_unary, to_double  # noqa: E402
from math_perf import perf_table  # noqa: E402

FORMAT = "parity.math-reference/1"
ACCURACY_SEED = 20241122
MIN_PER_FUNCTION = 2000
TARGET_PER_FUNCTION = 2100


# ------------------------------------------------------------ accuracy input sets

def nearest_double(expr):
    with mp.workprec(400):
        return to_double(expr())


def log_uniform(rnd, emin, emax, signed=True):
    v = math.ldexp(1 + rnd.random(), rnd.randint(emin, emax))
    return -v if (signed and rnd.random() < 0.5) else v


def neighbours(x, k=2):
    out = [x]
    lo = hi = x
    for _ in range(k):
        lo = math.nextafter(lo, -INF)
        hi = math.nextafter(hi, INF)
        out += [lo, hi]
    return out


SPECIAL = [0.0, -0.0, INF, -INF, NAN, 5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308,
           -2.2250738585072014e-308, 1e-300, 1e-8, 0.5, 1.0, -1.0, 2.0, 10.0, 1e10, -1e10, 1e22, -1e22,
           1e300, -1e300, 2.0**1023, 1.7976931348623157e308, -1.7976931348623157e308]


def trig_inputs(rnd):
    xs = list(SPECIAL)
    # The float64 nearest a multiple of pi/2 that is hardest to reduce (Muller, Elementary Functions).
    xs += neighbours(6381956970095103 * 2.0**797, 1)
    # Doubles nearest k*pi/2 and their neighbours: the cases argument reduction gets wrong.
    ks = list(range(1, 121)) + [rnd.randint(121, 10**6) for _ in range(60)] + [rnd.randint(10**6, 10**15) for _ in range(20)]
    for k in ks:
        x = nearest_double(lambda: k * mp.pi / 2)
        for v in neighbours(x, 2):
            xs += [v, -v] if rnd.random() < 0.15 else [v]
    xs += [10.0**k for k in range(-20, 309, 4)]
    xs += [log_uniform(rnd, 30, 1023) for _ in range(250)]      # huge
    xs += [log_uniform(rnd, -1074, -27) for _ in range(200)]    # tiny and subnormal
    fill(xs, lambda: rnd.uniform(-10, 10) if rnd.random() < 0.7 else rnd.uniform(-1e5, 1e5))
    return xs


def exp_inputs(rnd):
    xs = list(SPECIAL)
    for edge in (709.782712893384, -745.1332191019411, -708.3964185322641, 1.0, 0.6931471805599453):
        xs += neighbours(edge, 2)
    xs += [float(k) for k in range(-745, 710, 3)]
    xs += [log_uniform(rnd, -1074, -1) for _ in range(200)]
    fill(xs, lambda: rnd.uniform(-745.2, 709.8) if rnd.random() < 0.6 else rnd.uniform(-5, 5))
    return xs


def log_inputs(rnd):
    xs = list(SPECIAL) + [-1e-300, math.e, math.pi]
    xs += neighbours(1.0, 3)
    xs += [1 + s * 2.0**-k for k in range(1, 53) for s in (1, -1)]
    xs += [math.ldexp(1.0, k) for k in range(-1074, 1024, 7)]
    xs += [log_uniform(rnd, -1074, -1023, signed=False) for _ in range(150)]
    fill(xs, lambda: log_uniform(rnd, -1074, 1023, signed=False) if rnd.random() < 0.6 else rnd.uniform(0, 100))
    return xs


def pow_inputs(rnd):
    sx = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 0.5, -0.5, 2.0, -2.0, 3.0, 5e-324]
    sy = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, INF, -INF, NAN, 1e300]
    pairs = [(x, y) for x in sx for y in sy]
    pairs += [(2.0, float(k)) for k in range(-1074, 1024, 9)]          # exact powers of two
    pairs += [(10.0, float(k)) for k in range(-30, 31)]                # 10**0..10**22 exact
    pairs += [(float(b), float(n)) for b in range(2, 12) for n in range(1, 16)]
    pairs += [(float(b * b), 0.5) for b in range(1, 40)]               # exact square roots
    pairs += [(-rnd.uniform(0.1, 10), float(rnd.randint(-30, 30))) for _ in range(150)]
    for _ in range(250):  # x near 1 with large y: the classic pow accuracy trap
        k = rnd.randint(10, 50)
        pairs.append((1 + rnd.uniform(-1, 1) * 2.0**-k, rnd.uniform(-1, 1) * 2.0 ** min(k + 8, 60)))
    pairs += [(rnd.uniform(1, 2), rnd.uniform(1000, 1100)) for _ in range(60)]   # near overflow
    fill(pairs, lambda: (rnd.uniform(0, 100), rnd.uniform(-50, 50)) if rnd.random() < 0.7
         else (log_uniform(rnd, -100, 100, signed=False), rnd.uniform(-8, 8)))
    return pairs


def atan2_inputs(rnd):
    s = [0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 5e-324, -5e-324, 1e300, -1e300]
    pairs = [(y, x) for y in s for x in s]
    for _ in range(300):  # extreme ratios
        pairs.append((log_uniform(rnd, -1074, 1023), log_uniform(rnd, -1074, 1023)))
    fill(pairs, lambda: (rnd.uniform(-10, 10), rnd.uniform(-10, 10)) if rnd.random() < 0.6
         else (log_uniform(rnd, -60, 60), log_uniform(rnd, -60, 60)))
    return pairs


def hyperbolic_inputs(rnd):
    xs = list(SPECIAL)
    for edge in (710.4758600739439, 709.782712893384, 19.061547465398498, 0.5493061443340549):
        xs += neighbours(edge, 2) + [-v for v in neighbours(edge, 2)]
    xs += [log_uniform(rnd, -1074, -27) for _ in range(200)]
    xs += [rnd.uniform(-720, 720) for _ in range(200)]
    fill(xs, lambda: rnd.uniform(-25, 25) if rnd.random() < 0.7 else log_uniform(rnd, -30, 5))
    return xs


def expm1_inputs(rnd):
    xs = list(SPECIAL)
    xs += neighbours(709.782712893384, 2) + neighbours(-0.6931471805599453, 2)
    xs += [log_uniform(rnd, -1074, -1) for _ in range(600)]   # where expm1 earns its keep
    fill(xs, lambda: rnd.uniform(-40, 710) if rnd.random() < 0.5 else rnd.uniform(-2, 2))
    return xs


def log1p_inputs(rnd):
    xs = list(SPECIAL) + [-2.0, -0.999999, math.nextafter(-1.0, 0)]
    xs += [-1 + 2.0**-k for k in range(1, 53)]
    xs += [log_uniform(rnd, -1074, -1) for _ in range(600)]
    fill(xs, lambda: log_uniform(rnd, -1, 1023, signed=False) if rnd.random() < 0.5 else rnd.uniform(-1, 10))
    return xs


def cbrt_inputs(rnd):
    xs = list(SPECIAL)
    xs += [float(n**3) * s for n in range(1, 400) for s in (1, -1) if rnd.random() < 0.5]   # exact cubes
    xs += [math.ldexp(1.0, 3 * k) for k in range(-358, 342, 5)]
    xs += [log_uniform(rnd, -1074, -1023) for _ in range(150)]
    fill(xs, lambda: log_uniform(rnd, -1074, 1023))
    return xs


def fill(items, draw):
    """Top up with random draws until TARGET distinct entries (by bits)."""
    while len(unique(items)) < TARGET_PER_FUNCTION:
        items.append(draw())


def key(item):
    return tuple(bits(v) for v in item) if isinstance(item, tuple) else bits(item)


def unique(items):
    seen, out = set(), []
    for it in items:
        k = key(it)
        if k not in seen:
            seen.add(k)
            out.append(it)
    return out


FUNCTIONS = {
    # name: (arity, input builder)
    "sin": (1, trig_inputs), "cos": (1, trig_inputs), "tan": (1, trig_inputs),
    "exp": (1, exp_inputs), "log": (1, log_inputs), "pow": (2, pow_inputs),
    "atan2": (2, atan2_inputs), "sinh": (1, hyperbolic_inputs), "cosh": (1, hyperbolic_inputs),
    "tanh": (1, hyperbolic_inputs), "expm1": (1, expm1_inputs), "log1p": (1, log1p_inputs),
    "cbrt": (1, cbrt_inputs),
}


def b64(values):
    return base64.b64encode(struct.pack(f"<{len(values)}d", *values)).decode("ascii")


def accuracy_table():
    out = {}
    for i, (name, (arity, build)) in enumerate(FUNCTIONS.items()):
        items = unique(build(random.Random(ACCURACY_SEED + i)))
        if len(items) < MIN_PER_FUNCTION:
            raise RuntimeError(f"{name}: only {len(items)} inputs")
        if arity == 1:
            want = [ref_unary(name, x) for x in items]
            entry = {"arity": 1, "count": len(items), "x": b64(items), "want": b64(want)}
        else:
            if name == "pow":
                want = [ref_pow(x, y) for x, y in items]
                entry = {"arity": 2, "count": len(items), "x": b64([p[0] for p in items]), "y": b64([p[1] for p in items])}
            else:  # atan2(y, x): first argument is y, kept in "x" so every entry reads f(x, y)
                want = [ref_atan2(a, b) for a, b in items]
                entry = {"arity": 2, "count": len(items), "x": b64([p[0] for p in items]), "y": b64([p[1] for p in items])}
            entry["want"] = b64(want)
        print(f"  {name}: {len(items)} inputs", file=sys.stderr)
        out[name] = entry
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="suites/math/_reference.json")
    ap.add_argument("--only", choices=["functions", "perf"], help="regenerate one part, keeping the other")
    args = ap.parse_args()
    doc = {}
    if args.only and os.path.exists(args.out):
        with open(args.out) as f:
            doc = json.load(f)
    doc.update({
        "format": FORMAT,
        "generator": "tools/math-reference.py",
        "mpmath": mpmath.__version__,
        "encoding": "x, y and want are base64 of little-endian float64 arrays; hex strings are float64 bits",
        "semantics": "ECMA-262 Math.* (pow is Number::exponentiate, not C pow); atan2 entries are atan2(x, y) with x as first argument",
        "rounding": "correctly rounded to nearest, ties to even; mpmath at p and 2p bits must agree",
        "accuracy_seed": ACCURACY_SEED,
    })
    if args.only != "perf":
        print("functions:", file=sys.stderr)
        doc["functions"] = accuracy_table()
    if args.only != "functions":
        print("perf:", file=sys.stderr)
        doc["perf"] = perf_table()
    with open(args.out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
