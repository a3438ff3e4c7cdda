// The runtime side of a server job, shared by every runners/<kind>/server.js: read the job (one
// JSON argument, as a bench job's), import the variant's preload, then the module the job names
// (a suite's, e.g. suites/http/_server.js), and announce the port once the native server listens.
// Runners import nothing from suites/: what they serve is the job's.
import { renameSync, writeFileSync } from 'node:fs';
import { applyPreload } from './preload.js';

/**
 * A served module's default export: a web fetch handler, and optionally a handler on node:http's
 * own request and response that answers what it can without web objects (true when it did).
 * @typedef {{fetch: (request: Request, env?: unknown, ctx?: any) => Response | Promise<Response>,
 *   node?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean}} Served
 */

/**
 * Start a server job from its runner's arguments.
 * @param {string[]} args the runner's arguments: `{server, port_file, preload}` as JSON
 * @returns {Promise<{served: Served, announce: (port: number) => void}>}
 */
export async function serverJob(args) {
  const job = JSON.parse(args[0] ?? 'null');
  if (!job?.server || !job.port_file)
    throw new Error(`Expected one JSON job argument with "server" and "port_file", got ${args[0]}`);
  await applyPreload(job.preload);
  const served = (await import(job.server)).default;
  if (typeof served?.fetch !== 'function')
    throw new Error(`Server module ${job.server} must export default {fetch(request)}, got ${typeof served?.fetch}`);
  return {
    served,
    // Written whole, then renamed, so the orchestrator never reads half of it.
    announce(port) {
      writeFileSync(`${job.port_file}.tmp`, JSON.stringify({ port }));
      renameSync(`${job.port_file}.tmp`, job.port_file);
    },
  };
}
