// tee() of a start+enqueue byte stream, both branches drained concurrently (one branch for the
// response, one for a log or cache). Units are bytes delivered to both branches together, as in
// the published figure, so one call counts 2 MiB.
// Published pattern: tee.js fast-byte-tee-enqueue (Node 22, 1 KiB: fast 1,200 MB/s); the published
// native figure, 750, is web-byte-tee-read, a pull source, as the bench has no native start+enqueue tee.
import { CHUNK_SIZES, checkChunks, checkUnits, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { drain, enqueueAll, implReport, recorder, startByteSource } from './_streams.js';

export default {
  name: 'byte-tee',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.body) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'ReadableByteStreamController'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams', 'streams/tee'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), branches: [[], []] }),
  async run(state) {
    const { stream, controller } = startByteSource();
    const [a, b] = stream.tee();
    const readerA = a.getReader();
    const readerB = b.getReader();
    enqueueAll(controller, state.data.chunks);
    const recA = recorder();
    const recB = recorder();
    await Promise.all([drain(readerA, recA), drain(readerB, recB)]);
    state.branches = [recA.chunks, recB.chunks];
    return recA.bytes + recB.bytes;
  },
  verify(state, out) {
    checkUnits(out, 2 * state.data.total);
    checkChunks(state.branches[0], state.data, 'first branch');
    checkChunks(state.branches[1], state.data, 'second branch');
    // A tee that hands both branches the same buffer lets one consumer corrupt the other's data.
    if (state.branches[0][0]?.buffer === state.branches[1][0]?.buffer) {
      throw new Error('Both tee branches received the same ArrayBuffer, expected independent copies');
    }
  },
  report: implReport,
};
