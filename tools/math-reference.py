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

Correct rounding: each value is computed with mpmath at p and 2p bits (p = 160, then
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

FORMAT = "parity.math-reference/1"
ACCURACY_SEED = 20241122
MIN_PER_FUNCTION = 2000
TARGET_PER_FUNCTION = 2100

# Must match suites/math/_inputs.js.
PERF_SEED = 0x5EED2024
PERF_COUNT = 100_000
PERF_STREAM = {"sin": 1, "cos": 2, "tan": 3, "exp": 4, "log": 5, "pow": 6, "sin-large": 7, "cos-large": 8, "tan-large": 9}
M32 = 0xFFFFFFFF

INF = math.inf
NAN = math.nan


# ---------------------------------------------------------------- float64 helpers

def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def hexbits(x):
    return format(bits(x), "016x")


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or bits(a) == bits(b)


def round_exact(man, exp):
    """Correctly round man * 2**exp (integers) to float64, half to even, with subnormals."""
    if man == 0:
        return 0.0
    neg = man < 0
    m = -man if neg else man
    top = m.bit_length() + exp  # value is in [2**(top-1), 2**top)
    e = max(top - 53, -1074)
    shift = e - exp
    if shift <= 0:
        n = m << -shift
    else:
        n, r = divmod(m, 1 << shift)
        half = 1 << (shift - 1)
        if r > half or (r == half and n & 1):
            n += 1
    if n.bit_length() + e > 1024:
        v = INF
    else:
        v = math.ldexp(float(n), e)  # n < 2**54: exact
    return -v if neg else v


def to_double(v):
    if isinstance(v, mpmath.mpc):
        raise ValueError(f"complex result {v}")
    if mpmath.isinf(v):
        return INF if v > 0 else -INF
    if mpmath.isnan(v):
        return NAN
    sign, man, exp, _ = v._mpf_  # man_exp drops the sign
    return round_exact(-int(man) if sign else int(man), int(exp))


def correctly_rounded(compute):
    """Round compute() (an mpmath expression evaluated at mp.prec) to float64, Ziv-style."""
    p = 160
    while p <= 5120:
        with mp.workprec(p):
            a = to_double(compute())
        with mp.workprec(2 * p):
            b = to_double(compute())
        if same(a, b):
            return a
        p *= 2
    raise RuntimeError("rounding did not settle")


def is_odd_integer(y):
    return math.isfinite(y) and y == math.floor(y) and abs(y) < 2**54 and int(y) % 2 == 1


# ------------------------------------------------- ECMAScript semantics, per function

def ref_unary(name, x):
    """Correctly rounded result of Math.<name>(x) per ECMA-262."""
    if math.isnan(x):
        return NAN
    odd_zero = {"sin", "tan", "sinh", "tanh", "expm1", "log1p", "cbrt"}
    if x == 0:
        if name in odd_zero:
            return x  # keeps the sign of zero, as ECMA-262 requires
        if name in ("cos", "cosh", "exp"):
            return 1.0
        if name == "log":
            return -INF
    if math.isinf(x):
        pos = x > 0
        table = {
            "sin": NAN, "cos": NAN, "tan": NAN,
            "exp": INF if pos else 0.0,
            "log": INF if pos else NAN,
            "sinh": x, "cosh": INF,
            "tanh": 1.0 if pos else -1.0,
            "expm1": INF if pos else -1.0,
            "log1p": INF if pos else NAN,
            "cbrt": x,
        }
        return table[name]
    if name == "log" and x < 0:
        return NAN
    if name == "log1p":
        if x < -1:
            return NAN
        if x == -1:
            return -INF
    # Beyond these the answer is an overflow, underflow or exact +-1 that mpmath would
    # only reach by evaluating exp of an astronomically large argument.
    if name == "exp" and x > 710:
        return INF
    if name == "exp" and x < -746:
        return 0.0
    if name in ("sinh", "cosh") and abs(x) > 711:
        return INF if (name == "cosh" or x > 0) else -INF
    if name == "tanh" and abs(x) > 40:
        return 1.0 if x > 0 else -1.0
    if name == "expm1" and x > 710:
        return INF
    if name == "expm1" and x < -40:
        return -1.0
    fns = {
        "sin": lambda: mpmath.sin(mpf(x)),
        "cos": lambda: mpmath.cos(mpf(x)),
        "tan": lambda: mpmath.tan(mpf(x)),
        "exp": lambda: mpmath.exp(mpf(x)),
        "log": lambda: mpmath.log(mpf(x)),
        "sinh": lambda: mpmath.sinh(mpf(x)),
        "cosh": lambda: mpmath.cosh(mpf(x)),
        "tanh": lambda: mpmath.tanh(mpf(x)),
        "expm1": lambda: mpmath.expm1(mpf(x)),
        "log1p": lambda: mpmath.log1p(mpf(x)),
        # mpmath's cbrt of a negative number is the complex principal root.
        "cbrt": lambda: mpmath.cbrt(mpf(abs(x))) * (1 if x > 0 else -1),
    }
    return correctly_rounded(fns[name])


def ref_pow(x, y):
    """Correctly rounded Math.pow(x, y) per ECMA-262 Number::exponentiate (not C's pow)."""
    if math.isnan(y):
        return NAN
    if y == 0:
        return 1.0
    if math.isnan(x):
        return NAN
    if math.isinf(y):
        ax = abs(x)
        if ax == 1:
            return NAN
        if (ax > 1) == (y > 0):
            return INF
        return 0.0
    if x == INF:
        return INF if y > 0 else 0.0
    if x == -INF:
        if y > 0:
            return -INF if is_odd_integer(y) else INF
        return -0.0 if is_odd_integer(y) else 0.0
    if x == 0:
        neg_zero = math.copysign(1, x) < 0
        if y > 0:
            return -0.0 if (neg_zero and is_odd_integer(y)) else 0.0
        return -INF if (neg_zero and is_odd_integer(y)) else INF
    if x < 0 and y != math.floor(y):
        return NAN
    sign = -1 if (x < 0 and is_odd_integer(y)) else 1
    # Far outside the float64 range: skip mpmath's enormous intermediate numbers.
    mag = y * math.log2(abs(x))
    if mag > 1100:
        return sign * INF
    if mag < -1100:
        return sign * 0.0
    return correctly_rounded(lambda: sign * mpmath.power(mpf(abs(x)), mpf(y)))


def ref_atan2(y, x):
    """Correctly rounded Math.atan2(y, x) per ECMA-262."""
    if math.isnan(x) or math.isnan(y):
        return NAN
    ny = math.copysign(1, y) < 0
    nx = math.copysign(1, x) < 0

    def signed(v):
        return -v if ny else v

    pi = lambda: +mp.pi  # noqa: E731
    if y == 0:
        if x > 0 or (x == 0 and not nx):
            return y  # +-0
        return signed(correctly_rounded(pi))
    if x == 0:
        return signed(correctly_rounded(lambda: mp.pi / 2))
    if math.isinf(y):
        if math.isinf(x):
            return signed(correctly_rounded(lambda: mp.pi / 4 if x > 0 else 3 * mp.pi / 4))
        return signed(correctly_rounded(lambda: mp.pi / 2))
    if math.isinf(x):
        return signed(0.0) if x > 0 else signed(correctly_rounded(pi))
    return correctly_rounded(lambda: mpmath.atan2(mpf(y), mpf(x)))


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
