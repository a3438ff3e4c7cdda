// A value stream whose start() enqueues every chunk before anyone reads, then a reader.read()
// loop drains it: the whole total sits in the queue at once. Costs that grow with queue length
// (an O(n) dequeue, a queue that copies on growth) show here as throughput falling with `mb`,
// where a pull source that keeps the queue at its high-water mark would hide them.
import { CHUNK_SIZES, countHWM, makeData, SIZES_MB } from './_data.js';
import { drain, implReport, recorder, verifyReceived } from './_streams.js';

export default {
  name: 'read-prefilled',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: SIZES_MB },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream'],
  conformance: ['readable-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const stream = new ReadableStream(
      {
        start(controller) {
          for (const c of chunks) controller.enqueue(c);
          controller.close();
        },
      },
      { highWaterMark: countHWM(chunk) },
    );
    const rec = recorder();
    await drain(stream.getReader(), rec);
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
