// Stream shapes shared by the streams workloads, built the way experimental-fast-webstreams'
// bench/scenarios/*.js build them, so figures can be set beside the published ones.
// Constructors are looked up on globalThis at call time: the node+fast-webstreams variant
// replaces them before the workload is imported.
import { CHUNK_SIZES, checkChunks, checkUnits, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';

/**
 * A value stream whose pull() enqueues the next chunk as is (zero-copy), as in the published
 * createWebReadable.
 * @param {Uint8Array[]} chunks
 * @param {number} highWaterMark in chunks
 */
export function pullSource(chunks, highWaterMark) {
  let i = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (i >= chunks.length) {
          controller.close();
          return;
        }
        controller.enqueue(chunks[i++]);
      },
    },
    { highWaterMark },
  );
}

/**
 * A byte stream (type 'bytes') whose pull() enqueues a fresh copy of the next chunk: enqueue
 * transfers the buffer, so the source cannot hand out views of shared data. This is also the
 * shape of a fetch() body.
 * @param {Uint8Array[]} chunks
 * @param {number} [highWaterMark] in bytes; omitted means the byte-stream default, 0
 */
export function bytePullSource(chunks, highWaterMark) {
  let i = 0;
  /** @type {import('node:stream/web').UnderlyingByteSource} */
  const source = {
    type: 'bytes',
    pull(controller) {
      if (i >= chunks.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(chunks[i++]));
    },
  };
  return highWaterMark === undefined ? new ReadableStream(source) : new ReadableStream(source, { highWaterMark });
}

/**
 * A byte stream in the React Flight shape: start() keeps the controller and the producer
 * enqueues from outside.
 * @returns {{stream: ReadableStream, controller: ReadableByteStreamController}}
 */
export function startByteSource() {
  let controller;
  const stream = new ReadableStream({
    type: 'bytes',
    start(c) {
      controller = c;
    },
  });
  return { stream, controller: /** @type {any} */ (controller) };
}

/** Enqueue a copy of every chunk, then close. */
export function enqueueAll(controller, chunks) {
  for (const c of chunks) controller.enqueue(new Uint8Array(c));
  controller.close();
}

/**
 * The sink of every pipe: records each chunk (for verify) and counts bytes, nothing else.
 * @param {{bytes: number, chunks: Uint8Array[]}} rec
 * @param {number} highWaterMark in chunks
 */
export function recordingSink(rec, highWaterMark) {
  return new WritableStream(
    {
      write(c) {
        rec.bytes += c.byteLength;
        rec.chunks.push(c);
      },
    },
    { highWaterMark },
  );
}

/** A fresh recorder for one run() call. */
export function recorder() {
  return { bytes: 0, chunks: /** @type {Uint8Array[]} */ ([]) };
}

/**
 * An identity TransformStream with a JS transform() callback, as in the published
 * multi-transform scenario (a transformer without callbacks is cheaper in some implementations).
 * @param {number} highWaterMark in chunks, both sides
 */
export function identityTransform(highWaterMark) {
  return new TransformStream(
    {
      transform(chunk, controller) {
        controller.enqueue(chunk);
      },
    },
    { highWaterMark },
    { highWaterMark },
  );
}

/**
 * Read a reader to the end, recording every chunk.
 * @param {ReadableStreamDefaultReader} reader
 * @param {{bytes: number, chunks: Uint8Array[]}} rec
 * @returns {Promise<number>} bytes read
 */
export async function drain(reader, rec) {
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return rec.bytes;
    rec.bytes += value.byteLength;
    rec.chunks.push(value);
  }
}

/**
 * The verify() of every workload that records chunks in state.received: units, bytes, content, order.
 * @param {{data: {total: number, checksum: number}, received?: Uint8Array[]}} state
 * @param {unknown} out what run() returned
 */
export function verifyReceived(state, out) {
  checkUnits(out, state.data.total);
  checkChunks(state.received, state.data);
}

/**
 * Which stream constructors the row measured: native names, or the fast-webstreams
 * replacements under the node+fast-webstreams variant. Added to the result row as `report`.
 */
export function implReport() {
  return {
    ReadableStream: globalThis.ReadableStream?.name,
    WritableStream: globalThis.WritableStream?.name,
    TransformStream: globalThis.TransformStream?.name,
  };
}

/**
 * The body of a construct-* workload: build PER_CALL streams of the global class `className`
 * with `make()` per call, keep the last, and check it is a usable instance. The class is looked
 * up when the workload runs, so a runtime without it reports unsupported instead of failing to load.
 * @param {string} className e.g. 'ReadableStream'
 * @param {() => object} make builds one stream
 * @param {string} method a method every instance has, e.g. 'getReader'
 * @param {string} folder the WPT streams folder that covers this class
 */
export function constructWorkload(className, make, method, folder, perCall = 1000) {
  return {
    unit: 'ops',
    requires: [className],
    conformance: [folder],
    setup: () => ({ count: 0, last: null }),
    run(state) {
      let last = null;
      for (let i = 0; i < perCall; i++) last = make();
      state.last = last;
      state.count = perCall;
      return perCall;
    },
    verify(state, out) {
      if (out !== perCall || state.count !== perCall) {
        throw new Error(`Constructed ${state.count} streams (run() returned ${String(out)}), expected ${perCall}`);
      }
      if (!(state.last instanceof globalThis[className])) {
        const got = Object.prototype.toString.call(state.last);
        throw new Error(`The last object built is not a ${className}: ${got}`);
      }
      if (typeof state.last[method] === 'undefined') {
        throw new Error(`The last ${className} has no ${method}, so it is not usable`);
      }
    },
    report: implReport,
  };
}

/**
 * The body of a transform-chain-N workload: a pull source piped through `depth` identity
 * TransformStreams with a JS transform() callback, into a recording sink.
 * @param {number} depth
 */
export function transformChainWorkload(depth) {
  return {
    unit: 'bytes',
    params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.value) },
    quick: { chunk: [1024], mb: [1] },
    requires: ['ReadableStream', 'WritableStream', 'TransformStream'],
    conformance: ['transform-streams', 'piping'],
    setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), received: [] }),
    async run(state) {
      const { chunks, chunk } = state.data;
      const hwm = countHWM(chunk);
      const rec = recorder();
      let stream = pullSource(chunks, hwm);
      for (let i = 0; i < depth; i++) stream = stream.pipeThrough(identityTransform(hwm));
      await stream.pipeTo(recordingSink(rec, hwm));
      state.received = rec.chunks;
      return rec.bytes;
    },
    verify: verifyReceived,
    report: implReport,
  };
}
