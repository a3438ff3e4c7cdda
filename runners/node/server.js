// Node's native server for a server job: node:http on 127.0.0.1 and a port the OS picks, serving
// the module the job names (lib/measure/server-job.js). Its `node` handler answers first what it
// can on node:http alone; every other request goes through @hono/node-server's request listener
// to its web fetch handler, so rows can show what the adapter costs.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { serverJob } from '../../lib/measure/server-job.js';

const { served, announce } = await serverJob(process.argv.slice(2));
const viaFetch = getRequestListener(served.fetch);
const native = served.node ?? (() => false);
// The runtime's own heap figure after a full GC, for the job's memory figures (lib/run/http/memory.js).
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
const heapUsedAfterGc = () => {
  if (!gc) return null;
  gc();
  return process.memoryUsage().heapUsed;
};
const heapAfterGc = () =>
  JSON.stringify({
    heap_used_bytes: heapUsedAfterGc(),
    source: 'process.memoryUsage().heapUsed after globalThis.gc() (--expose-gc)',
  });
const server = http.createServer((req, res) => {
  if (req.url === '/__parity/heap') res.end(heapAfterGc());
  else if (!native(req, res)) viaFetch(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  announce(typeof addr === 'object' && addr ? addr.port : 0);
});
