// Σ sqrt(i)·sin(i) for i < 5,000,000 in TASKS slices, on each strategy's pool: the study's
// cpu-math. The slices' sums add up to the single loop's sum (math/sqrt-sin-loop checks the same).
import { checkPoolParams, POOL_PARAMS, poolFor, STRATEGIES, TASKS } from './_pool.js';
import { MATH_N, MATH_SUM } from './_tasks.js';

const slices = Array.from({ length: TASKS }, (_, t) => ({
  from: Math.floor((MATH_N * t) / TASKS),
  to: Math.floor((MATH_N * (t + 1)) / TASKS),
}));

export default {
  name: 'cpu-math',
  unit: 'ops',
  tree: true,
  params: POOL_PARAMS,
  quick: { strategy: STRATEGIES },
  open: ['size'],
  checkParams: checkPoolParams,
  async setup(p, ctx) {
    const pool = await poolFor(p, ctx, (pool) => pool.run('math', { from: 0, to: 10_000 }));
    return { pool, sum: 0 };
  },
  async run(state) {
    const sums = await Promise.all(slices.map((s) => state.pool.run('math', s)));
    state.sum = sums.reduce((a, b) => a + b, 0);
    return MATH_N;
  },
  verify(state, out) {
    if (out !== MATH_N) throw new Error(`expected ${MATH_N} iterations, got ${out}`);
    if (Math.abs(state.sum - MATH_SUM) > 1e-9 * Math.abs(MATH_SUM)) {
      throw new Error(`sum ${state.sum} differs from ${MATH_SUM}`);
    }
  },
  report: (state) => ({ strategy: state.pool.strategy, size: state.pool.size, tasks: TASKS, ...state.pool.events }),
  teardown: (state) => state.pool.close(),
};
