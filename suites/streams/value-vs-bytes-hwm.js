// The same pull source as a value stream with the default strategy (highWaterMark 1 chunk)
// against a byte stream (type 'bytes') with highWaterMark 4096 bytes. With 1 KiB chunks the byte
// stream queues about four chunks ahead of the reader; a BYOB reader then takes everything queued
// in one read (coalescing), while a default reader still gets one chunk per read().
// mode=value-hwm1          default reader, value stream, highWaterMark 1 (the default)
// mode=bytes-hwm4096       default reader, byte stream, highWaterMark 4096
// mode=bytes-hwm4096-byob  BYOB reader reusing one 64 KiB buffer, byte stream, highWaterMark 4096
// report() gives reads and pulls per call, so a speed difference can be tied to fewer hops.
import { CHUNK_SIZES, checkChunks, checkUnits, makeData, SIZES_MB } from './_data.js';
import { implReport } from './_streams.js';

const MODES = ['value-hwm1', 'bytes-hwm4096', 'bytes-hwm4096-byob'];
const BYTES_HWM = 4096;
const BYOB_VIEW = 65536;

function source(state, type) {
  const { chunks } = state.data;
  let i = 0;
  return {
    type,
    pull(controller) {
      state.pulls++;
      if (i >= chunks.length) {
        controller.close();
        // A BYOB read pending at close stays pending until the source answers it with
        // respond(0) (Streams spec; Deno and Bun follow it, so without this the loop hangs).
        controller.byobRequest?.respond(0);
        return;
      }
      // Byte streams transfer what is enqueued, so they get a copy; value streams take the view.
      controller.enqueue(type === 'bytes' ? new Uint8Array(chunks[i++]) : chunks[i++]);
    },
  };
}

async function readDefault(state, stream) {
  const reader = stream.getReader();
  const received = [];
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    state.reads++;
    bytes += value.byteLength;
    received.push(value);
  }
  state.received = received;
  return bytes;
}

// The usual BYOB loop: hand the returned buffer back in. Each read is copied out to `sink`
// so verify can see the bytes after the buffer has been reused.
async function readByob(state, stream) {
  const reader = stream.getReader({ mode: 'byob' });
  const sink = state.sink;
  let buffer = new ArrayBuffer(BYOB_VIEW);
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read(new Uint8Array(buffer, 0, BYOB_VIEW));
    if (done) break;
    state.reads++;
    sink.set(value, bytes);
    bytes += value.byteLength;
    buffer = value.buffer;
  }
  state.received = [sink.subarray(0, bytes)];
  return bytes;
}

export default {
  name: 'value-vs-bytes-hwm',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: SIZES_MB, mode: MODES },
  quick: { chunk: [1024], mb: [1], mode: MODES },
  requires: ['ReadableStream', 'ReadableByteStreamController', 'ReadableStreamBYOBReader'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-streams', 'readable-byte-streams', 'queuing-strategies', 'streams/byte-stream-byob'],
  setup({ chunk, mode, mb }) {
    if (!MODES.includes(mode)) {
      throw new Error(`Unknown mode ${JSON.stringify(mode)}, expected one of ${MODES.join(', ')}`);
    }
    const data = makeData(chunk, mb);
    return { data, mode, sink: new Uint8Array(data.total), received: [], reads: 0, pulls: 0, calls: 0 };
  },
  async run(state) {
    state.calls++;
    state.received = [];
    if (state.mode === 'value-hwm1') return readDefault(state, new ReadableStream(source(state, undefined)));
    const stream = new ReadableStream(source(state, 'bytes'), { highWaterMark: BYTES_HWM });
    return state.mode === 'bytes-hwm4096' ? readDefault(state, stream) : readByob(state, stream);
  },
  verify(state, out) {
    checkUnits(out, state.data.total);
    checkChunks(state.received, state.data);
  },
  report(state) {
    return {
      ...implReport(),
      reads_per_call: state.calls ? state.reads / state.calls : null,
      pulls_per_call: state.calls ? state.pulls / state.calls : null,
    };
  },
};
