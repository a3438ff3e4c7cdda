// Σ sqrt(i)·sin(i) for i < 5,000,000: the CPU kernel of the worker-threads-vs-processes study.
// Mostly a Math.sin throughput test (V8_USE_LIBM_TRIG_FUNCTIONS decides which sin is used).
const N = 5_000_000;
// Reference sum from CPython over glibc libm; runtimes may differ in the last bits
// of individual sin() results, so the check allows a relative error far below any real bug.
const EXPECTED = 1533.0804492095926;

export default {
  name: 'sqrt-sin-loop',
  unit: 'ops',
  params: { n: [N] },
  setup: ({ n }) => ({ n, sum: 0 }),
  run(state) {
    let sum = 0;
    for (let i = 0; i < state.n; i++) sum += Math.sqrt(i) * Math.sin(i);
    state.sum = sum;
    return state.n;
  },
  verify(state, out) {
    if (out !== state.n) throw new Error(`expected ${state.n} iterations, got ${out}`);
    if (Math.abs(state.sum - EXPECTED) > 1e-9 * Math.abs(EXPECTED)) {
      throw new Error(`sum ${state.sum} differs from ${EXPECTED}`);
    }
  },
};
