// reader.read() loop over a pull-based value stream. Each read() allocates a read request, a
// promise and a {value, done} object and takes a microtask hop even when chunks are queued.
// Published pattern: fast-webstreams bench/scenarios/passthrough.js web-read-loop
// (Node 22, 1 KiB chunks: fast 12,400 vs native 3,300 MB/s).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { drain, implReport, pullSource, recorder, verifyReceived } from './_streams.js';

export default {
  name: 'read-loop',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const rec = recorder();
    await drain(pullSource(chunks, countHWM(chunk)).getReader(), rec);
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
