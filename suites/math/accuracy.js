// How exact each runtime's Math functions are, against correctly rounded results from mpmath
// (_reference.json, made by tools/math-reference.py). Throughput here means little; the point
// is report(): per function the largest ULP error, the share of correctly rounded results and
// a hash of the output bits, so runtimes sharing one libm show up as identical.

import { decodeFloat64, fnv1a, hashHex, toHex, ulpDistance } from '../../lib/measure/float.js';
import reference from './_reference.json' with { type: 'json' };

/** Functions measured, with how each is called on an entry (x, y) of the table. */
export const FUNCTIONS = {
  sin: (x) => Math.sin(x),
  cos: (x) => Math.cos(x),
  tan: (x) => Math.tan(x),
  exp: (x) => Math.exp(x),
  log: (x) => Math.log(x),
  pow: (x, y) => x ** y,
  atan2: (x, y) => Math.atan2(x, y),
  sinh: (x) => Math.sinh(x),
  cosh: (x) => Math.cosh(x),
  tanh: (x) => Math.tanh(x),
  expm1: (x) => Math.expm1(x),
  log1p: (x) => Math.log1p(x),
  cbrt: (x) => Math.cbrt(x),
};

// A broken run (garbage, skipped or misplaced outputs) is far beyond this; an inexact libm is not.
const SANITY_ULP = 2 ** 20;

/** Decode the reference table into typed arrays. */
export function loadTable(ref = reference) {
  return Object.keys(FUNCTIONS).map((name) => {
    const e = ref.functions[name];
    if (!e) throw new Error(`Reference table has no entry for ${name}: rerun make math-reference`);
    const x = decodeFloat64(e.x);
    const y = e.y ? decodeFloat64(e.y) : null;
    const want = decodeFloat64(e.want);
    if (x.length !== e.count || want.length !== e.count) {
      throw new Error(`Reference entry ${name} holds ${x.length} inputs, ${want.length} results, declares ${e.count}`);
    }
    return { name, x, y, want, out: new Float64Array(e.count).fill(Number.NaN) };
  });
}

/**
 * Per-function accuracy of outputs against the correctly rounded results.
 * max_ulp is null when some output is NaN where the reference is a number, or the reverse.
 */
export function accuracyOf({ x, y, want, out }) {
  let max = 0;
  let exact = 0;
  let nanMismatch = 0;
  let worst = -1;
  for (let i = 0; i < want.length; i++) {
    const d = ulpDistance(out[i], want[i]);
    if (d === Number.POSITIVE_INFINITY) nanMismatch++;
    else if (d > max) {
      max = d;
      worst = i;
    }
    // Correctly rounded means the same bits: +0 for -0 is 0 ULP away but still wrong.
    if (d === 0 && Object.is(out[i], want[i])) exact++;
    else if (d === 0 && Number.isNaN(out[i])) exact++;
  }
  return {
    n: want.length,
    max_ulp: nanMismatch ? null : max,
    correctly_rounded: exact / want.length,
    nan_mismatches: nanMismatch,
    hash: hashHex(fnv1a(out)),
    worst:
      worst < 0
        ? null
        : {
            x: toHex(x[worst]),
            ...(y ? { y: toHex(y[worst]) } : {}),
            got: toHex(out[worst]),
            want: toHex(want[worst]),
          },
  };
}

function hashAll(table) {
  let h = 0x811c9dc5;
  for (const t of table) h = fnv1a(t.out, h);
  return hashHex(h);
}

export default {
  name: 'accuracy',
  unit: 'ops',
  setup: () => ({ table: loadTable(), firstHash: null }),
  run(state) {
    let n = 0;
    for (const t of state.table) {
      const f = FUNCTIONS[t.name];
      const { x, y, out } = t;
      if (y) for (let i = 0; i < x.length; i++) out[i] = f(x[i], y[i]);
      else for (let i = 0; i < x.length; i++) out[i] = f(x[i]);
      n += x.length;
    }
    return n;
  },
  verify(state, units) {
    const total = state.table.reduce((s, t) => s + t.want.length, 0);
    if (units !== total) throw new Error(`run() returned ${units}, expected ${total} evaluations`);
    for (const t of state.table) {
      for (let i = 0; i < t.want.length; i++) {
        if (Number.isNaN(t.want[i])) continue;
        const d = ulpDistance(t.out[i], t.want[i]);
        if (!(d <= SANITY_ULP)) {
          const args = t.y ? `${t.x[i]}, ${t.y[i]}` : `${t.x[i]}`;
          throw new Error(
            `Math.${t.name}(${args}) = ${t.out[i]}, correctly rounded ${t.want[i]}: ${d} ULP apart, more than 2^20`,
          );
        }
      }
    }
    // Outputs from the first (cold) call and the last (optimised) call should not differ;
    // when they do, the engine's tiers disagree and report() says so.
    const h = hashAll(state.table);
    if (state.firstHash === null) state.firstHash = h;
    state.lastHash = h;
    state.lastOut = state.table.map((t) => Float64Array.from(t.out));
    for (const t of state.table) t.out.fill(Number.NaN);
  },
  report(state) {
    const functions = {};
    state.table.forEach((t, k) => {
      functions[t.name] = accuracyOf({ ...t, out: state.lastOut[k] });
    });
    return { functions, hash: state.lastHash, tiers_agree: state.firstHash === state.lastHash };
  },
};
