// The React Flight / Server Components pattern: a byte stream whose start() keeps the
// controller, the producer enqueues every chunk from outside, closes, then a reader drains it.
// Published pattern: byte-stream.js web-start-enqueue (Node 22, 1 KiB: fast 1,600 vs native 110 MB/s).
import { CHUNK_SIZES, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { drain, enqueueAll, implReport, recorder, startByteSource, verifyReceived } from './_streams.js';

export default {
  name: 'byte-start-enqueue',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.bytes) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'ReadableByteStreamController'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
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
