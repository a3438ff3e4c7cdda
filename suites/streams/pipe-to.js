// readable.pipeTo(writable) with nothing between: the cost of the pipe loop itself.
// Published pattern: passthrough.js web-pipeTo (Node 22, 1 KiB: fast 2,500 vs native 1,400 MB/s).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { implReport, pullSource, recorder, recordingSink, verifyReceived } from './_streams.js';

export default {
  name: 'pipe-to',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'WritableStream'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['piping'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const hwm = countHWM(chunk);
    const rec = recorder();
    await pullSource(chunks, hwm).pipeTo(recordingSink(rec, hwm));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
