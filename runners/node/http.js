// Node's native server for the HTTP suite: the suite's hono app through @hono/node-server on
// 127.0.0.1 and a port the OS picks; the port goes to the file named in argv (written whole,
// then renamed, so the orchestrator never reads half of it).
import { renameSync, writeFileSync } from 'node:fs';
import { serve } from '@hono/node-server';

const portFile = process.argv[2];
// A variant's preload (its second argument) replaces globals before the app is made, as in bench.js.
const preload = process.argv[3];
if (preload) await import(preload);
const { createApp } = await import('../../suites/http/_app.js');
serve({ fetch: createApp().fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  writeFileSync(`${portFile}.tmp`, JSON.stringify({ port: info.port }));
  renameSync(`${portFile}.tmp`, portFile);
});
