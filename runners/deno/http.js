// Deno's native server for the HTTP suite: the suite's hono app through Deno.serve on 127.0.0.1
// and a port the OS picks, announced in the file named in argv (see runners/node/http.js).
import { renameSync, writeFileSync } from 'node:fs';
import { createApp } from '../../suites/http/_app.js';

const portFile = Deno.args[0];
Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => {
      writeFileSync(`${portFile}.tmp`, JSON.stringify({ port }));
      renameSync(`${portFile}.tmp`, portFile);
    },
  },
  createApp().fetch,
);
