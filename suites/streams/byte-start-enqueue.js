// The React Flight / Server Components pattern: a byte stream whose start() keeps the
// controller, the producer enqueues every chunk from outside, closes, then a reader drains it.
// Published pattern: byte-stream.js web-start-enqueue (Node 22, 1 KiB: fast 1,600 vs native 110 MB/s).
import { CHUNK_SIZES, makeData } from './_data.js';
import { drain, enqueueAll, implReport, recorder, startByteSource, verifyReceived } from './_streams.js';

export default {
  name: 'byte-start-enqueue',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES },
  quick: { chunk: [1024] },
  requires: ['ReadableStream', 'ReadableByteStreamController'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams'],
  setup: ({ chunk }) => ({ data: makeData(chunk), received: [] }),
  async run(state) {
    const { stream, controller } = startByteSource();
    enqueueAll(controller, state.data.chunks);
    const rec = recorder();
    await drain(stream.getReader(), rec);
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
