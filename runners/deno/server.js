// Deno's native server for a server job: Deno.serve on 127.0.0.1 and a port the OS picks, serving
// the fetch handler of the module the job names (lib/measure/server-job.js; see runners/node/server.js).
import { serverJob } from '../../lib/measure/server-job.js';

const { served, announce } = await serverJob(Deno.args);
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
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => announce(port) }, (req) =>
  new URL(req.url).pathname === '/__parity/heap' ? heapAfterGc() : served.fetch(req),
);
