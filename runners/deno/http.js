// Deno's native server for the HTTP suite: the suite's hono app through Deno.serve on 127.0.0.1
// and a port the OS picks, announced in the file named in argv (see runners/node/http.js).
import { renameSync, writeFileSync } from 'node:fs';

const portFile = Deno.args[0];
// A variant's preload (its second argument) replaces globals before the app is made, as in bench.js.
const preload = Deno.args[1];
if (preload) await import(preload);
const { createApp } = await import('../../suites/http/_app.js');
const { plainFetch } = await import('../../suites/http/_plain.js');
const app = createApp();
// The runtime's own heap figure after a full GC, for the job's memory figures (lib/run/http/memory.js).
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
const heapUsedAfterGc = () => {
  if (!gc) return null;
  gc();
  return Deno.memoryUsage().heapUsed;
};
const heapAfterGc = () =>
  Response.json({
    heap_used_bytes: heapUsedAfterGc(),
    source: 'Deno.memoryUsage().heapUsed after globalThis.gc() (--v8-flags=--expose-gc)',
  });
// /plain/<route> without hono (suites/http/_plain.js), every other route through the app.
Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => {
      writeFileSync(`${portFile}.tmp`, JSON.stringify({ port }));
      renameSync(`${portFile}.tmp`, portFile);
    },
  },
  (req) => (new URL(req.url).pathname === '/__parity/heap' ? heapAfterGc() : (plainFetch(req) ?? app.fetch(req))),
);
