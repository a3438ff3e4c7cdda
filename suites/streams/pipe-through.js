// readable.pipeThrough(one identity TransformStream).pipeTo(writable). The transformer has no
// callbacks ({}), as in the published benchmark, so this is two pipe hops and no user code.
// Published pattern: passthrough.js web-pipeThrough (Node 22, 1 KiB: fast 6,200 vs native 630 MB/s;
// node:stream pipeline with one PassThrough 7,900 MB/s, see node-pipeline).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { implReport, pullSource, recorder, recordingSink, verifyReceived } from './_streams.js';

export default {
  name: 'pipe-through',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'WritableStream', 'TransformStream'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['piping', 'transform-streams', 'streams/pipe-through-abort-signal'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const hwm = countHWM(chunk);
    const rec = recorder();
    const transform = new TransformStream({}, { highWaterMark: hwm }, { highWaterMark: hwm });
    await pullSource(chunks, hwm).pipeThrough(transform).pipeTo(recordingSink(rec, hwm));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
