// Forwarding a response body: new Response(byteStream).body piped through one identity
// TransformStream into a sink, as a proxy or middleware does. No socket: the body is a
// pull-based byte stream built in-process.
// Published pattern: response-body.js web-response-forward (Node 22, 1 KiB: fast 850 vs native 430 MB/s).
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { bytePullSource, identityTransform, implReport, recorder, recordingSink, verifyReceived } from './_streams.js';

export default {
  name: 'response-forward',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.body) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'WritableStream', 'TransformStream', 'Response'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams', 'transform-streams', 'piping'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const { chunks, chunk } = state.data;
    const hwm = countHWM(chunk);
    const rec = recorder();
    const response = new Response(bytePullSource(chunks));
    await /** @type {ReadableStream} */ (response.body)
      .pipeThrough(identityTransform(hwm))
      .pipeTo(recordingSink(rec, hwm));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
