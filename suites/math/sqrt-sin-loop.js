// Σ sqrt(i)·sin(i) for i < n: the CPU kernel of the worker-threads-vs-processes study.
// Mostly a Math.sin throughput test (V8_USE_LIBM_TRIG_FUNCTIONS decides which sin is used).
// QUICK sums 500,000 terms: one call of 5,000,000 took 250 ms on node, so a QUICK job of a few
// calls took 3–4 s of a minute-long run; the per-term cost is the same at either n.
// Reference sums from CPython over glibc libm (the same loop, in order); runtimes may differ in the
// last bits of individual sin() results, so the check allows a relative error far below any real bug.
const EXPECTED = new Map([
  [5_000_000, 1533.0804492095926],
  [500_000, 574.5875411371719],
]);

export default {
  name: 'sqrt-sin-loop',
  unit: 'ops',
  params: { n: [...EXPECTED.keys()] },
  quick: { n: [500_000] },
  setup: ({ n }) => {
    if (!EXPECTED.has(n)) throw new Error(`n=${n} has no reference sum; valid: ${[...EXPECTED.keys()].join(', ')}`);
    return { n, sum: 0 };
  },
  run(state) {
    let sum = 0;
    for (let i = 0; i < state.n; i++) sum += Math.sqrt(i) * Math.sin(i);
    state.sum = sum;
    return state.n;
  },
  verify(state, out) {
    if (out !== state.n) throw new Error(`expected ${state.n} iterations, got ${out}`);
    const want = /** @type {number} */ (EXPECTED.get(state.n));
    if (Math.abs(state.sum - want) > 1e-9 * Math.abs(want)) {
      throw new Error(`sum ${state.sum} differs from ${want}`);
    }
  },
};
