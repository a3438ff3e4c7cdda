// Adapter cost: Readable.toWeb(Readable.from(chunks)) read with a reader loop. Two queues (the
// Readable's buffer and the web stream's) hold every chunk in turn; compare with
// adapter-readablestream-from, which builds the web stream directly from the same array.
import { Readable } from 'node:stream';
import { CHUNK_SIZES, makeData, SIZES_MB } from './_data.js';
import { drain, implReport, recorder, verifyReceived } from './_streams.js';

export default {
  name: 'adapter-toweb-from',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: SIZES_MB },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'node:stream#Readable.toWeb', 'node:stream#Readable.from'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const rec = recorder();
    await drain(Readable.toWeb(Readable.from(state.data.chunks)).getReader(), rec);
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
