// Constructing WritableStream objects and dropping them: server rendering creates many short-lived
// streams per request, so construction cost is paid per request, not per byte.
// Published pattern: stream-creation.js web-writable (Node 22: fast-webstreams constructs 3.0x faster).
import { constructWorkload } from './_streams.js';

export default {
  name: 'construct-writable',
  ...constructWorkload('WritableStream', () => new WritableStream({ write() {} }), 'getWriter', 'writable-streams'),
};
