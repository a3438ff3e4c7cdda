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
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => plainFetch(req) ?? app.fetch(req) });
writeFileSync(`${portFile}.tmp`, JSON.stringify({ port: server.port }));
renameSync(`${portFile}.tmp`, portFile);
