// Constructing WritableStream objects and dropping them: server rendering creates many short-lived
// streams per request, so construction cost is paid per request, not per byte.
// Published pattern: stream-creation.js web-writable (Node 22: fast-webstreams constructs 3.0x faster).
import { implReport } from './_streams.js';

const PER_CALL = 1000;

export default {
  name: 'construct-writable',
  unit: 'ops',
  requires: ['WritableStream'],
  setup: () => ({ count: 0, last: null }),
  run(state) {
    let last = null;
    for (let i = 0; i < PER_CALL; i++) last = new WritableStream({ write() {} });
    state.last = last;
    state.count = PER_CALL;
    return PER_CALL;
  },
  verify(state, out) {
    if (out !== PER_CALL || state.count !== PER_CALL) {
      throw new Error(`Constructed ${state.count} streams (run() returned ${String(out)}), expected ${PER_CALL}`);
    }
    if (!(state.last instanceof WritableStream)) {
      throw new Error(`The last object built is not a WritableStream: ${Object.prototype.toString.call(state.last)}`);
    }
    if (typeof state.last.getWriter === 'undefined') {
      throw new Error('The last WritableStream has no getWriter, so it is not usable');
    }
  },
  report: implReport,
};
