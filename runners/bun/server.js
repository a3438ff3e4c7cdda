// Bun's native server for a server job: Bun.serve on 127.0.0.1 and a port the OS picks, serving
// the fetch handler of the module the job names (lib/measure/server-job.js; see runners/node/server.js).
import { serverJob } from '../../lib/measure/server-job.js';
// The runtime's own heap figure after a full GC, for the job's memory figures (lib/run/shapes/server/memory.js).
import { ownHeap } from './own-heap.js';

const { served, announce } = await serverJob(process.argv.slice(2));
const fetch = (req) => (new URL(req.url).pathname === '/__parity/heap' ? Response.json(ownHeap()) : served.fetch(req));
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch });
announce(server.port);
