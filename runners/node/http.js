// Node's native server for the HTTP suite: node:http on 127.0.0.1 and a port the OS picks; the
// port goes to the file named in argv (written whole, then renamed, so the orchestrator never
// reads half of it). /plain/<route> is answered by node:http alone (suites/http/_plain.js); every
// other route goes through @hono/node-server's request listener to the suite's hono app, so the
// plain rows show what the adapter and the framework cost.
import { renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';

const portFile = process.argv[2];
// A variant's preload (its second argument) replaces globals before the app is made, as in bench.js.
const preload = process.argv[3];
if (preload) await import(preload);
const { createApp } = await import('../../suites/http/_app.js');
const { plainNode } = await import('../../suites/http/_plain.js');
const hono = getRequestListener(createApp().fetch);
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
  else if (!plainNode(req, res)) hono(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  writeFileSync(`${portFile}.tmp`, JSON.stringify({ port: typeof addr === 'object' && addr ? addr.port : 0 }));
  renameSync(`${portFile}.tmp`, portFile);
});
