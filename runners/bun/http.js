// Bun's native server for the HTTP suite: the suite's hono app through Bun.serve on 127.0.0.1
// and a port the OS picks, announced in the file named in argv (see runners/node/http.js).
import { renameSync, writeFileSync } from 'node:fs';

const portFile = process.argv[2];
// A variant's preload (its second argument) replaces globals before the app is made, as in bench.js.
const preload = process.argv[3];
if (preload) await import(preload);
const { createApp } = await import('../../suites/http/_app.js');
const { plainFetch } = await import('../../suites/http/_plain.js');
const app = createApp();
// /plain/<route> without hono (suites/http/_plain.js), every other route through the app.
// The runtime's own heap figure after a full GC, for the job's memory figures (lib/run/http/memory.js).
// A specifier in a variable: tsc has no types for bun's built-in modules.
const JSC = 'bun:jsc';
const { heapStats } = await import(JSC);
const heapAfterGc = () => {
  Bun.gc(true);
  return Response.json({
    heap_used_bytes: heapStats().heapSize,
    source: 'bun:jsc heapStats().heapSize after Bun.gc(true)',
  });
};
const fetch = (req) =>
  new URL(req.url).pathname === '/__parity/heap' ? heapAfterGc() : (plainFetch(req) ?? app.fetch(req));
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch });
writeFileSync(`${portFile}.tmp`, JSON.stringify({ port: server.port }));
renameSync(`${portFile}.tmp`, portFile);
