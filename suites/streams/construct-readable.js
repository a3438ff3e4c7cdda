// Constructing ReadableStream objects and dropping them: server rendering creates many short-lived
// streams per request, so construction cost is paid per request, not per byte.
// Published pattern: stream-creation.js web-readable (Node 22: fast-webstreams constructs 2.1x faster).
import { constructWorkload } from './_streams.js';

export default {
  name: 'construct-readable',
  ...constructWorkload('ReadableStream', () => new ReadableStream({ pull() {} }), 'getReader', 'readable-streams'),
};
