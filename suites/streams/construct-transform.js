// Constructing TransformStream objects and dropping them: server rendering creates many short-lived
// streams per request, so construction cost is paid per request, not per byte.
// Published pattern: stream-creation.js web-transform (Node 22: fast-webstreams constructs 2.1x faster).
import { implReport } from './_streams.js';

const PER_CALL = 1000;

export default {
  name: 'construct-transform',
  unit: 'ops',
  requires: ['TransformStream'],
  setup: () => ({ count: 0, last: null }),
  run(state) {
    let last = null;
    for (let i = 0; i < PER_CALL; i++) last = new TransformStream({});
    state.last = last;
    state.count = PER_CALL;
    return PER_CALL;
  },
  verify(state, out) {
    if (out !== PER_CALL || state.count !== PER_CALL) {
      throw new Error(`Constructed ${state.count} streams (run() returned ${String(out)}), expected ${PER_CALL}`);
    }
    if (!(state.last instanceof TransformStream)) {
      throw new Error(`The last object built is not a TransformStream: ${Object.prototype.toString.call(state.last)}`);
    }
    if (typeof state.last.readable === 'undefined') {
      throw new Error('The last TransformStream has no readable, so it is not usable');
    }
  },
  report: implReport,
};
