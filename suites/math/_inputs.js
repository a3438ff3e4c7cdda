// Deterministic input sets for the math throughput workloads, plus their shared setup and verify.
// tools/math_perf.py replicates this generator draw for draw (only integer arithmetic and
// correctly rounded +,-,*,/ are used, so Python floats reproduce it bit for bit) and stores the
// input hash, correctly rounded anchor results and the sum of all results in _reference.json.

import { fnv1a, fromHex, hashHex, ulpDistance } from '../../lib/measure/float.js';
import { rng } from '../../lib/measure/stats/prng.js';
import reference from './_reference.json' with { type: 'json' };

export const PERF_SEED = 0x5eed2024;
export const PERF_COUNT = 100_000;
// One stream per input set. `<fn>-large` sets hold only 2^10..2^30 arguments, the range where
// fdlibm's argument reduction takes its slow path and glibc's does not (sqrt-sin-loop's range).
const STREAM = { sin: 1, cos: 2, tan: 3, exp: 4, log: 5, pow: 6, 'sin-large': 7, 'cos-large': 8, 'tan-large': 9 };

// Powers of two by repeated doubling/halving: exact, unlike a libm pow the runtime may round.
const POW2 = new Float64Array(1074 + 1024);
POW2[1074] = 1;
for (let e = 1; e <= 1023; e++) POW2[1074 + e] = POW2[1073 + e] * 2;
for (let e = -1; e >= -1074; e--) POW2[1074 + e] = POW2[1075 + e] / 2;
const TWO_M10 = 0.0009765625; // 2 ** -10
const TWO_M20 = 9.5367431640625e-7; // 2 ** -20

/** Uniform in [0, 1) with 53 random bits; the high part is drawn first. */
export function u53(next) {
  const hi = next() >>> 11;
  const lo = next();
  return (hi * 4294967296 + lo) / 9007199254740992;
}

const uniform = (next, lo, hi) => lo + (hi - lo) * u53(next);
const intIn = (next, lo, hi) => lo + (next() % (hi - lo + 1));
function logUniform(next, emin, emax) {
  const e = intIn(next, emin, emax);
  const m = 1 + u53(next);
  return m * POW2[1074 + e];
}
const signed = (next, v) => (next() & 1 ? -v : v);

/**
 * One input as [x, y]. Mostly everyday arguments, with a few percent of wide, huge and tiny
 * (subnormal) ones so that slow paths such as large-argument reduction are in the mix.
 */
function draw(name, next) {
  const c = next() % 1000;
  switch (name) {
    case 'sin':
    case 'cos':
    case 'tan':
      if (c < 850) return [uniform(next, -32, 32), 0];
      if (c < 930) return [signed(next, logUniform(next, -26, 5)), 0];
      if (c < 970) return [signed(next, logUniform(next, 5, 60)), 0];
      if (c < 985) return [signed(next, logUniform(next, 60, 1023)), 0];
      return [signed(next, logUniform(next, -1074, -27)), 0];
    case 'sin-large':
    case 'cos-large':
    case 'tan-large':
      return [signed(next, logUniform(next, 10, 29)), 0];
    case 'exp':
      if (c < 850) return [uniform(next, -20, 20), 0];
      if (c < 930) return [uniform(next, -700, 700), 0];
      if (c < 970) return [signed(next, logUniform(next, -60, -10)), 0];
      return [uniform(next, -745, 705), 0];
    case 'log':
      if (c < 850) return [uniform(next, 0.001, 100), 0];
      if (c < 930) return [logUniform(next, -1074, 1022), 0];
      return [1 + uniform(next, -TWO_M20, TWO_M20), 0];
    case 'pow': {
      if (c < 800) {
        const x = uniform(next, 0.01, 10);
        return [x, uniform(next, -10, 10)];
      }
      if (c < 900) {
        const x = 1 + uniform(next, -TWO_M10, TWO_M10);
        return [x, uniform(next, -65536, 65536)];
      }
      if (c < 950) {
        const x = -uniform(next, 0.1, 10);
        return [x, intIn(next, 0, 40) - 20];
      }
      const x = logUniform(next, -20, 20);
      return [x, uniform(next, -20, 20)];
    }
    default:
      throw new Error(`No input set for ${JSON.stringify(name)}; valid: ${Object.keys(STREAM).join(', ')}`);
  }
}

/**
 * The fixed input set of a math throughput workload.
 * @param {string} name a function name, or `<fn>-large` for the large-argument trig sets
 * @returns {{x: Float64Array, y: Float64Array | null}}
 */
export function perfInputs(name, count = PERF_COUNT, seed = PERF_SEED) {
  if (!(name in STREAM))
    throw new Error(`No input set for ${JSON.stringify(name)}; valid: ${Object.keys(STREAM).join(', ')}`);
  const next = rng(seed + STREAM[name]);
  const x = new Float64Array(count);
  const y = name === 'pow' ? new Float64Array(count) : null;
  for (let i = 0; i < count; i++) {
    const [a, b] = draw(name, next);
    x[i] = a;
    if (y) y[i] = b;
  }
  return { x, y };
}

/** Hash of an input set, as tools/math_perf.py computes it. */
export function inputHash({ x, y }) {
  return hashHex(y ? fnv1a(y, fnv1a(x)) : fnv1a(x));
}

/** Anchors may be off by this many ULP: a few, so an inexact libm passes and a wrong one fails. */
export const ANCHOR_ULP = 8;

/**
 * Setup shared by the throughput workloads: inputs checked against the committed reference. The
 * set is drawn once per run (the harness's `cached`; as JSON numbers, which round-trip exactly:
 * the hash check below would catch one that did not) and read back by later jobs: drawing 100,000
 * inputs in every job would add a cold-code cost to each job's setup.
 * @param {string} name a key of STREAM
 * @param {{cached?: (key: string, make: () => any) => Promise<any>}} [ctx]
 */
export async function perfSetup(name, ctx) {
  const ref = reference.perf[name];
  if (!ref)
    throw new Error(
      `Reference has no input set ${JSON.stringify(name)}; valid: ${Object.keys(reference.perf).join(', ')}`,
    );
  const draw = () => perfInputs(name, ref.count);
  const inputs = ctx?.cached
    ? await ctx.cached(`math-inputs-${name}-${ref.count}-${PERF_SEED}`, () => {
        const { x, y } = draw();
        return { x: Array.from(x), y: y && Array.from(y) };
      })
    : draw();
  const x = Float64Array.from(inputs.x);
  const y = inputs.y ? Float64Array.from(inputs.y) : null;
  const hash = inputHash({ x, y });
  if (hash !== ref.input_hash) {
    throw new Error(
      `Input set for ${name} hashes to ${hash}, reference has ${ref.input_hash}: rerun make math-reference`,
    );
  }
  return { name, x, y, out: new Float64Array(ref.count).fill(Number.NaN), ref };
}

/**
 * Neumaier-compensated sums of the finite values and of their magnitudes: the check must not be
 * fooled by its own rounding. Written as one plain loop: verify runs twice in every job, the first
 * time in a cold process, where a closure per add is costly before the JIT has warmed up.
 * @param {Float64Array} values
 */
function sums(values) {
  let sum = 0;
  let comp = 0;
  let abs = 0;
  let absComp = 0;
  let finite = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    finite++;
    let t = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
    const a = Math.abs(v);
    t = abs + a;
    absComp += abs >= a ? abs - t + a : a - t + abs;
    abs = t;
  }
  return { sum: sum + comp, abs: abs + absComp, finite };
}

/**
 * Verify shared by the throughput workloads: every output written and finite, anchors within
 * ANCHOR_ULP of the correctly rounded result, and the sums within 2^-36 of the reference sums.
 * Refills the output with NaN afterwards so that a later run that skips work fails too.
 */
export function perfVerify(state, units) {
  const { name, out, ref } = state;
  if (units !== ref.count) throw new Error(`${name}: run() returned ${units}, expected ${ref.count} values`);
  const { sum, abs, finite } = sums(out);
  if (finite !== ref.count) throw new Error(`${name}: ${ref.count - finite} of ${ref.count} outputs are not finite`);
  for (const a of ref.anchors) {
    const i = a[0];
    const want = fromHex(a[a.length - 1]);
    const d = ulpDistance(out[i], want);
    if (d > ANCHOR_ULP) {
      const args = state.y ? `${state.x[i]}, ${state.y[i]}` : `${state.x[i]}`;
      throw new Error(
        `${name}(${args}) = ${out[i]}, correctly rounded ${want} (${d} ULP apart, at most ${ANCHOR_ULP} allowed)`,
      );
    }
  }
  const tol = 2 ** -36 * ref.sum_abs;
  if (!(Math.abs(sum - ref.sum) <= tol)) {
    throw new Error(`${name}: sum of outputs ${sum} differs from reference ${ref.sum} by more than ${tol}`);
  }
  if (!(Math.abs(abs - ref.sum_abs) <= tol)) {
    throw new Error(`${name}: sum of |outputs| ${abs} differs from reference ${ref.sum_abs} by more than ${tol}`);
  }
  out.fill(Number.NaN);
}
