"""Correctly rounded float64 results of the ECMAScript Math functions, for tools/math-reference.py.

Each value is computed with mpmath at p and 2p bits and rounded to float64 with exact integer
arithmetic (round half to even, subnormals included); it is kept only when both precisions round
the same way (Ziv's strategy). Special cases follow ECMA-262 (pow is Number::exponentiate).
"""

import math
import struct
import sys

try:
    import mpmath
    from mpmath import mp, mpf
except ImportError:  # pragma: no cover
    sys.exit("mpmath is missing: install it with `pip install mpmath` (or run `make math-reference`)")

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
