// 3 chained identity TransformStreams, each with a JS transform() callback: the per-hop cost
// of a server-rendering pipeline (each hop is a pipe loop plus a callback per chunk).
// Published pattern: multi-transform.js web-3x-pipeThrough (Node 22, 1 KiB, 3 transforms: fast 2,900 vs native 300 MB/s; node:stream pipeline 3,300).
import { CHUNK_SIZES, countHWM, makeData } from './_data.js';
import { identityTransform, implReport, pullSource, recorder, recordingSink, verifyReceived } from './_streams.js';

const DEPTH = 3;

export default {
  name: 'transform-chain-3',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES },
  quick: { chunk: [1024] },
  requires: ['ReadableStream', 'WritableStream', 'TransformStream'],
  setup: ({ chunk }) => ({ data: makeData(chunk), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const hwm = countHWM(chunk);
    const rec = recorder();
    let stream = pullSource(chunks, hwm);
    for (let i = 0; i < DEPTH; i++) stream = stream.pipeThrough(identityTransform(hwm));
    await stream.pipeTo(recordingSink(rec, hwm));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
