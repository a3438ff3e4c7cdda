// writer.write() loop, awaiting each write, into a sink that only records. Measures the
// writer's per-chunk promise and queue cost.
// Published pattern: passthrough.js web-write-loop (Node 22, 1 KiB: fast 5,500 vs native 2,300 MB/s).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { implReport, recorder, recordingSink, verifyReceived } from './_streams.js';

export default {
  name: 'write-loop',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['WritableStream'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['writable-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const rec = recorder();
    const writer = recordingSink(rec, countHWM(chunk)).getWriter();
    for (const c of chunks) await writer.write(c);
    await writer.close();
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
