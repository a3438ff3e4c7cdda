// The study's transferable: each task allocates and fills an ArrayBuffer in the host and sends it
// back, with a transfer list (`send=transfer`: no copy) or without (`send=clone`: structured
// clone copies it). "Zero-copy is not zero-cost": the allocation stays. A child process can only
// copy through its pipe, so it has no transfer row; `single` allocates in this thread (no
// boundary, the same either way).
import { Unsupported } from '../../lib/measure/workload.js';
import { checkPoolParams, POOL_PARAMS, poolFor, STRATEGIES, TASKS } from './_pool.js';
import { lastByte } from './_tasks.js';

export default {
  name: 'transferable',
  unit: 'bytes',
  tree: true,
  params: { ...POOL_PARAMS, send: ['transfer', 'clone'], mb: [16, 100] },
  quick: { strategy: STRATEGIES, send: ['transfer', 'clone'], mb: [16] },
  open: ['size'],
  checkParams: checkPoolParams,
  async setup(p, ctx) {
    if (p.strategy === 'child-process' && p.send === 'transfer') {
      throw new Unsupported(
        'a child process has no transfer list: its bytes are copied through a pipe (see send=clone)',
      );
    }
    const bytes = p.mb * 1e6;
    const transfer = p.send === 'transfer';
    const pool = await poolFor(p, ctx, (pool) => pool.run('alloc', { bytes: 4096, transfer }));
    return { pool, bytes, transfer, got: [] };
  },
  async run(state) {
    const bufs = await Promise.all(
      Array.from({ length: TASKS }, () => state.pool.run('alloc', { bytes: state.bytes, transfer: state.transfer })),
    );
    // Keep what verify needs, not the buffers: the next call must not find them still alive.
    state.got = bufs.map((b) => [b.byteLength, new Uint8Array(b)[b.byteLength - 1]]);
    return TASKS * state.bytes;
  },
  verify(state, out) {
    if (out !== TASKS * state.bytes) throw new Error(`expected ${TASKS * state.bytes} bytes, got ${out}`);
    for (const [len, last] of state.got) {
      if (len !== state.bytes || last !== lastByte(state.bytes)) {
        throw new Error(
          `a buffer came back with ${len} bytes ending in ${last}, expected ${state.bytes} ending in ${lastByte(state.bytes)}`,
        );
      }
    }
  },
  report: (state) => ({
    strategy: state.pool.strategy,
    size: state.pool.size,
    tasks: TASKS,
    transfer: state.transfer,
    ...state.pool.events,
  }),
  teardown: (state) => state.pool.close(),
};
