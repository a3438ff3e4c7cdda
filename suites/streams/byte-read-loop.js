// reader.read() loop over a pull-based byte stream (type 'bytes', default highWaterMark 0), the
// shape of a fetch() body. Each pull enqueues a fresh copy because enqueue transfers the buffer.
// Published pattern: passthrough.js web-byte-read-loop (Node 22, 1 KiB: fast 1,400 vs native 1,400 MB/s;
// fast-webstreams hands pull-only byte streams to the native implementation).
import { CHUNK_SIZES, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { bytePullSource, drain, implReport, recorder, verifyReceived } from './_streams.js';

export default {
  name: 'byte-read-loop',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.bytes) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'ReadableByteStreamController'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams', 'streams/byte-stream-byob'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
  async run(state) {
    const rec = recorder();
    await drain(bytePullSource(state.data.chunks).getReader(), rec);
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  report: implReport,
};
