// Baseline: node:stream pipeline(Readable, PassThrough, Writable), the Node-streams counterpart
// of pipe-through. Published pattern: passthrough.js node-transform-pipeline
// (Node 22, 1 KiB: 7,900 MB/s, against 6,200 fast and 630 native pipeThrough).
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CHUNK_SIZES, makeData, SIZES_MB } from './_data.js';
import { nodeSink, nodeSource } from './_node.js';
import { recorder, verifyReceived } from './_streams.js';

export default {
  name: 'node-pipeline',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: SIZES_MB },
  quick: { chunk: [1024], mb: [1] },
  requires: ['node:stream', 'node:stream/promises'],
  // node:stream only: no Web Streams conformance applies to this row.
  conformance: [],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const rec = recorder();
    await pipeline(nodeSource(state.data.chunks), new PassThrough(), nodeSink(rec));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
};
