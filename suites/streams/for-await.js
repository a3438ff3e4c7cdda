// for await (const chunk of readable): the async-iterator protocol over a value stream.
// Published pattern: async-iteration.js web-for-await (Node 22, 1 KiB: fast 4,100 vs native 3,000 MB/s).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { implReport, pullSource, recorder, verifyReceived } from './_streams.js';

export default {
  name: 'for-await',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'ReadableStream.prototype.values'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const rec = recorder();
    for await (const value of pullSource(chunks, countHWM(chunk))) {
      rec.bytes += value.byteLength;
      rec.chunks.push(value);
    }
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
