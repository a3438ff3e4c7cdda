// A fetch() body piped through 3 identity TransformStreams into a sink: the Next.js
// "fetch upstream, transform, stream out" shape.
// source=byte-stream: the body is a pull-based byte stream built in-process (no socket), exactly
//   as the published benchmark simulates a fetch body. Published pattern: fetch-bridge.js
//   native-pipeThrough (Node 22, 1 KiB: fast 830 vs native 260 MB/s).
// source=http: a real fetch() from a node:http server on 127.0.0.1 (port 0) started in setup,
//   in the same process, closed in teardown. The figure includes the server's writes, HTTP
//   parsing and loopback TCP, and the body arrives in socket-sized reads, not `chunk`-sized ones.
import { createServer } from 'node:http';
import { Unsupported } from '../../lib/measure/workload.js';
import { CHUNK_SIZES, countHWM, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { bytePullSource, implReport, recorder, recordingSink, verifyReceived } from './_streams.js';

const DEPTH = 3;

/** Serve the chunks, each as one write, to every request. */
function startServer(data) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(data.total) });
    for (const c of data.chunks) res.write(c);
    res.end();
  });
  // A failed job never reaches teardown; unref'd handles cannot keep its process alive.
  server.on('connection', (socket) => socket.unref?.());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref?.();
      resolve(server);
    });
  });
}

export default {
  name: 'fetch-3-transforms',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.body), source: ['byte-stream', 'http'] },
  quick: { chunk: [1024], mb: [1], source: ['byte-stream', 'http'] },
  requires: ['ReadableStream', 'WritableStream', 'TransformStream', 'fetch', 'node:http'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams', 'transform-streams', 'piping'],
  async setup({ chunk, source, mb }) {
    if (source !== 'byte-stream' && source !== 'http') {
      throw new Error(`Unknown source ${JSON.stringify(source)}, expected "byte-stream" or "http"`);
    }
    const data = makeData(chunk, mb);
    /** @type {{data: any, source: string, received: any[], server: any, url: string}} */
    const state = { data, source, received: [], server: null, url: '' };
    if (source === 'http') {
      // Starting a server on 127.0.0.1:0 fails only where a runtime has node:http but no server
      // sockets (workerd): unsupported there, with what the runtime said.
      const server = await Promise.resolve()
        .then(() => startServer(data))
        .catch((e) => {
          throw new Unsupported(
            `cannot listen on 127.0.0.1 in this runtime (${e instanceof Error ? e.message : String(e)})`,
          );
        });
      state.server = server;
      state.url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
      // workerd emulates node:http's server but a worker cannot fetch from 127.0.0.1: find out
      // here, once, so that the job is unsupported rather than an error in its first run.
      try {
        await (await fetch(state.url)).arrayBuffer();
      } catch (e) {
        server.close?.();
        throw new Unsupported(
          `fetch() from a server on 127.0.0.1 fails in this runtime (${e instanceof Error ? e.message : String(e)})`,
        );
      }
    }
    return state;
  },
  async run(state) {
    const { chunks, chunk } = state.data;
    const hwm = countHWM(chunk);
    /** @type {ReadableStream} */
    let body;
    if (state.source === 'http') {
      const response = await fetch(state.url);
      if (response.status !== 200) throw new Error(`Server answered ${response.status}, expected 200`);
      if (!response.body) throw new Error('Server answered 200 without a body');
      body = response.body;
    } else {
      body = bytePullSource(chunks);
    }
    for (let i = 0; i < DEPTH; i++) {
      body = body.pipeThrough(new TransformStream({}, { highWaterMark: hwm }, { highWaterMark: hwm }));
    }
    const rec = recorder();
    await body.pipeTo(recordingSink(rec, hwm));
    state.received = rec.chunks;
    return rec.bytes;
  },
  verify: verifyReceived,
  async teardown(state) {
    if (!state.server) return;
    state.server.closeAllConnections?.();
    await new Promise((resolve) => state.server.close(() => resolve(undefined)));
  },
  report(state) {
    return { ...implReport(), chunks_received: state.received.length };
  },
};
