// The cost of crossing a boundary: one small message to a warm host and back, per call, beside
// the same function called directly in this thread (`single`: a plain call, no promise). By
// payload: a tiny object, a 64 KiB string, a 1 MiB ArrayBuffer copied, or transferred there and
// back (the buffer is moved, not copied, both ways). Time per call is the round trip.
import { Unsupported } from '../../lib/measure/workload.js';
import { createPool, STRATEGIES } from './_pool.js';

const PAYLOADS = ['tiny', 'string-64k', 'buffer-1m', 'buffer-1m-transfer'];

/** @param {string} kind */
function makePayload(kind) {
  if (kind === 'tiny') return { op: 'ping', n: 42, ok: true };
  if (kind === 'string-64k') return `${'x'.repeat(65_535)}y`;
  const buf = new ArrayBuffer(1 << 20);
  new Uint8Array(buf)[(1 << 20) - 1] = 7;
  return buf;
}

/** The direct call: what a host does with an echo task, minus the boundary. */
const echo = (/** @type {any} */ payload) => payload;

/** @param {any} x @param {string} kind */
function check(x, kind) {
  if (kind === 'tiny') return x?.op === 'ping' && x.n === 42;
  if (kind === 'string-64k') return typeof x === 'string' && x.length === 65_536 && x.endsWith('y');
  return x instanceof ArrayBuffer && x.byteLength === 1 << 20 && new Uint8Array(x)[(1 << 20) - 1] === 7;
}

export default {
  name: 'rpc-roundtrip',
  unit: 'ops',
  tree: true,
  params: { strategy: STRATEGIES, payload: PAYLOADS },
  quick: { strategy: STRATEGIES, payload: PAYLOADS },
  async setup(p, ctx) {
    if (p.strategy === 'child-process' && p.payload === 'buffer-1m-transfer') {
      throw new Unsupported(
        'a child process has no transfer list: its bytes are copied through a pipe (see payload=buffer-1m)',
      );
    }
    const transfer = p.payload === 'buffer-1m-transfer';
    const pool = p.strategy === 'single' ? null : await createPool(p.strategy, 1, ctx);
    const state = { pool, kind: p.payload, transfer, payload: makePayload(p.payload), last: null };
    if (pool) for (let i = 0; i < 20; i++) await roundTrip(state); // warm the host's message path
    return state;
  },
  run(state) {
    if (!state.pool) {
      state.last = echo(state.payload);
      return 1;
    }
    return roundTrip(state).then(() => 1);
  },
  verify(state, out) {
    if (out !== 1) throw new Error(`expected 1 round trip, got ${out}`);
    if (!check(state.last, state.kind)) throw new Error(`the ${state.kind} payload came back changed`);
  },
  report: (state) => ({ strategy: state.pool?.strategy ?? 'single (direct call)', transfer: state.transfer }),
  teardown: (state) => state.pool?.close(),
};

/** One echo there and back; a transferred buffer is moved both ways and kept for the next call. */
async function roundTrip(state) {
  const t = state.transfer;
  const back = await state.pool.run('echo', { transfer: t }, state.payload, t ? [state.payload] : []);
  if (t) state.payload = back;
  state.last = back;
}
