// Bun's native server for the HTTP suite: the suite's hono app through Bun.serve on 127.0.0.1
// and a port the OS picks, announced in the file named in argv (see runners/node/http.js).
import { renameSync, writeFileSync } from 'node:fs';
import { createApp } from '../../suites/http/_app.js';

const portFile = process.argv[2];
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: createApp().fetch });
writeFileSync(`${portFile}.tmp`, JSON.stringify({ port: server.port }));
renameSync(`${portFile}.tmp`, portFile);
