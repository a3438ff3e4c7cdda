// Node's native server for a server job: node:http on 127.0.0.1 and a port the OS picks, serving
// the module the job names (lib/measure/server-job.js). Its `node` handler answers first what it
// can on node:http alone; every other request goes through @hono/node-server's request listener
// to its web fetch handler, so rows can show what the adapter costs.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { serverJob } from '../../lib/measure/server-job.js';
// The runtime's own heap figure after a full GC, for the job's memory figures (lib/run/shapes/server/memory.js).
import { ownHeap } from './own-heap.js';

const { served, announce } = await serverJob(process.argv.slice(2));
const viaFetch = getRequestListener(served.fetch);
const native = served.node ?? (() => false);
const server = http.createServer((req, res) => {
  if (req.url === '/__parity/heap') res.end(JSON.stringify(ownHeap()));
  else if (!native(req, res)) viaFetch(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  announce(typeof addr === 'object' && addr ? addr.port : 0);
});
