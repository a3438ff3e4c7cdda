// Baseline: a node:stream Readable consumed with on('data'), the Node-streams counterpart of
// read-loop. Published pattern: passthrough.js node-read-loop (Node 22, 1 KiB: 26,400 MB/s).
import { CHUNK_SIZES, makeData, SIZES_MB } from './_data.js';
import { nodeSource } from './_node.js';
import { recorder, verifyReceived } from './_streams.js';

export default {
  name: 'node-readable-loop',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: SIZES_MB },
  quick: { chunk: [1024], mb: [1] },
  requires: ['node:stream'],
  // node:stream only: no Web Streams conformance applies to this row.
  conformance: [],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  run(state) {
    const rec = recorder();
    const readable = nodeSource(state.data.chunks);
    return new Promise((resolve, reject) => {
      readable.on('data', (c) => {
        rec.bytes += c.byteLength;
        rec.chunks.push(c);
      });
      readable.on('error', reject);
      readable.on('end', () => {
        state.received = rec.chunks;
        resolve(rec.bytes);
      });
    });
  },
  verify: verifyReceived,
};
