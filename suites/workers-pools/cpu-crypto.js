// The study's cpu-crypto: TASKS SHA-512 hash chains, `result = sha512(\`${i}-${result}\`)`, each
// checked against its known final digest. node:crypto in every host (the study attributed child
// processes' 4x win over worker threads to process-level contention).
import { checkPoolParams, POOL_PARAMS, poolFor, STRATEGIES, TASKS } from './_pool.js';
import { CHAIN_DIGESTS } from './_tasks.js';

export default {
  name: 'cpu-crypto',
  unit: 'ops',
  tree: true,
  requires: ['node:crypto#createHash'],
  params: { ...POOL_PARAMS, n: [20_000, 200_000] },
  quick: { strategy: STRATEGIES, n: [20_000] },
  open: ['size'],
  checkParams: checkPoolParams,
  async setup(p, ctx) {
    const pool = await poolFor(p, ctx, (pool) => pool.run('sha512-chain', { n: 2000 }));
    return { pool, n: p.n, digests: [] };
  },
  async run(state) {
    state.digests = await Promise.all(
      Array.from({ length: TASKS }, () => state.pool.run('sha512-chain', { n: state.n })),
    );
    return TASKS * state.n;
  },
  verify(state, out) {
    if (out !== TASKS * state.n) throw new Error(`expected ${TASKS * state.n} hashes, got ${out}`);
    const want = CHAIN_DIGESTS[state.n];
    state.digests.forEach((d, i) => {
      if (d !== want)
        throw new Error(`chain ${i} of ${state.n} ended in ${String(d).slice(0, 16)}…, expected ${want.slice(0, 16)}…`);
    });
  },
  report: (state) => ({ strategy: state.pool.strategy, size: state.pool.size, tasks: TASKS, ...state.pool.events }),
  teardown: (state) => state.pool.close(),
};
