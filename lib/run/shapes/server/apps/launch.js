// How each runtime serves a framework app of the SSR suite, the way its users deploy it: node,
// deno and bun run the same server output (SvelteKit's node adapter build, `next start`) as a
// plain script (the kind's script_args: `node x`, `deno run --allow-all x`, `bun x`); workerd
// serves the worker that the app's Cloudflare adapter built and wrangler bundled for deploy
// (lib/run/shapes/server/apps/build.js). One more, to separate the adapter from the runtime:
// node serving that same OpenNext worker (./opennext-node.js). The answer has the shape of a driver's server(): the HTTP job
// (lib/run/shapes/server/job.js) starts, loads and measures it like any other server.
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenPort } from '../../../../runtimes/drivers/workerd-config.js';
import { scriptLine } from '../../../../runtimes/registry.js';
import { ensureBuilt } from './build.js';

const NEXT_BIN = ['node_modules', 'next', 'dist', 'bin', 'next'];
const OPENNEXT_NODE = fileURLToPath(new URL('./opennext-node.js', import.meta.url));

export const PRELOAD_UNSUPPORTED =
  "a variant's preload module is imported by parity's server harness, which a framework's own server does not run";

/**
 * Per app: the build a process runtime runs and how (script, arguments, environment, relative to
 * the build's folder and given the port), and that workerd serves the app's Cloudflare build.
 * `build` names another app's build and target to run (default: the app's own, `node`);
 * `unsupported` the kinds that cannot run it, each with what its attempt gave.
 * @type {Record<string, {script: (dir: string, root: string) => string, args: (port: number, dir: string) => string[],
 *   cwd: (dir: string) => string, env: (port: number) => Record<string, string>,
 *   build?: {app: string, target: string}, unsupported?: Record<string, string>}>}
 */
export const PROCESS_DEPLOY = {
  // adapter-node's server reads where to listen from PORT and HOST.
  sveltekit: {
    script: (dir) => join(dir, 'build', 'index.js'),
    args: () => [],
    cwd: (dir) => dir,
    env: (port) => ({ PORT: String(port), HOST: '127.0.0.1' }),
  },
  // `next start` in the built project, as package.json's "start" script runs it.
  nextjs: {
    script: (_dir, root) => join(root, ...NEXT_BIN),
    args: (port) => ['start', '--port', String(port), '--hostname', '127.0.0.1'],
    cwd: (dir) => join(dir, '_apps', 'nextjs'),
    env: () => ({ NEXT_TELEMETRY_DISABLED: '1' }),
  },
  // The OpenNext worker that workerd serves, on node (./opennext-node.js): the adapter's share.
  'nextjs-opennext': {
    build: { app: 'nextjs', target: 'cloudflare' },
    script: () => OPENNEXT_NODE,
    args: (port, dir) => [join(dir, 'worker', 'worker.js'), String(port)],
    cwd: (dir) => join(dir, 'worker'),
    env: () => ({ NEXT_TELEMETRY_DISABLED: '1' }),
    unsupported: {
      deno: "the worker loads with the stand-ins, but Next.js fails every request: the request its NodeNextRequest gets has no method (TypeError: Cannot read properties of undefined (reading 'toUpperCase'))",
      bun: "bun's node:module has no registerHooks, the hook that stands in for cloudflare:workers (SyntaxError: Export named 'registerHooks' not found in module 'node:module')",
    },
  },
};

/** The app a workerd job serves the Cloudflare build of. */
const WORKER_BUILD = { 'nextjs-opennext': 'nextjs' };

/** A port on 127.0.0.1 that was free a moment ago, for a server that must be told its port. */
export async function freePort() {
  const s = createServer();
  await new Promise((res) => s.listen(0, '127.0.0.1', () => res(undefined)));
  const addr = s.address();
  await new Promise((res) => s.close(() => res(undefined)));
  return typeof addr === 'object' && addr ? addr.port : 0;
}

/**
 * The capnp config serving a bundled worker's modules (the main module first) with a Cache API
 * that never hits: the Cloudflare adapters look a page up in caches.default before rendering it,
 * and every page of the suite must be rendered per request, as the other runtimes, which have no
 * edge cache, do.
 * @param {any} rt
 * @param {string[]} modules file names in the config's folder
 */
export function appCapnp(rt, modules) {
  const c = rt.compat ?? {};
  const line = (m) =>
    m.endsWith('.wasm') ? `(name = "${m}", wasm = embed "${m}")` : `(name = "${m}", esModule = embed "${m}")`;
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .app),
    (name = "no-cache", worker = .noCache),
    (name = "internet", network = (allow = ["public", "local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);
const app :Workerd.Worker = (
  modules = [ ${modules.map(line).join(',\n    ')} ],
  compatibilityDate = ${JSON.stringify(c.date ?? '2026-11-17')},
  compatibilityFlags = ${JSON.stringify(c.flags ?? [])},
  globalOutbound = "internet",
  cacheApiOutbound = "no-cache",
);
# A lookup is a miss (504 with CF-Cache-Status: MISS); a store is accepted and dropped.
const noCache :Workerd.Worker = (
  modules = [ (name = "no-cache.js", esModule = ${JSON.stringify(NO_CACHE)}) ],
  compatibilityDate = ${JSON.stringify(c.date ?? '2026-11-17')},
);
`;
}

const NO_CACHE = `export default { fetch: (r) => r.method === 'GET' ? new Response(null, { status: 504, headers: { 'cf-cache-status': 'MISS' } }) : new Response(null, { status: 204 }) };`;

/** The modules of a bundled worker folder, its main module first. @param {string} dir @param {string} main */
function workerModules(dir, main) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(m?js|wasm)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  return [main, ...files.filter((f) => f !== main).sort()];
}

/**
 * How to start one framework app on the job's runtime: a launch in the shape of a driver's
 * server() (bin, args, cwd, env, port, cleanup), or {unsupported} with the reason.
 * @param {any} job
 * @param {string} app `sveltekit` | `nextjs`
 * @param {string} root the project root (for the packages' own binaries)
 */
export async function appServer(job, app, root) {
  const rt = job.runtime;
  // Timing a framework's own server under the variant's name, without its preload, would mislabel it.
  if (rt.preload) return { unsupported: PRELOAD_UNSUPPORTED };
  if (rt.kind === 'workerd') return workerdApp(rt, app);
  const deploy = PROCESS_DEPLOY[app];
  if (!deploy)
    return { unsupported: `no deploy recipe for app "${app}": valid are ${Object.keys(PROCESS_DEPLOY).join(', ')}` };
  const why = deploy.unsupported?.[rt.kind];
  if (why) return { unsupported: why };
  const dir = await ensureBuilt(deploy.build?.app ?? app, deploy.build?.target ?? 'node');
  const port = await freePort();
  const argv = scriptLine(rt, deploy.script(dir, root), deploy.args(port, dir));
  if (!argv) return { unsupported: `kind ${rt.kind} runs no script as a process of its own` };
  return {
    bin: rt.bin,
    args: argv,
    cwd: deploy.cwd(dir),
    env: deploy.env(port),
    port: async () => port,
  };
}

/** workerd serving the app's Cloudflare build, bundled by wrangler as a deploy would send it. */
async function workerdApp(rt, app) {
  const dir = await ensureBuilt(WORKER_BUILD[app] ?? app, 'cloudflare', { compatDate: rt.compat?.date });
  const worker = join(dir, 'worker');
  const main = readdirSync(worker).find((f) => /^(_worker|worker|index)\.m?js$/.test(f));
  if (!main) return { unsupported: `the ${app} Cloudflare build has no worker module in ${worker}` };
  // Written whole, then renamed: a job of another run may be reading the same config.
  const config = join(worker, 'app.capnp');
  writeFileSync(`${config}.${process.pid}.tmp`, appCapnp(rt, workerModules(worker, main)));
  renameSync(`${config}.${process.pid}.tmp`, config);
  return {
    bin: rt.bin,
    args: ['serve', config, '--control-fd', '3'],
    cwd: worker,
    control: true,
    /** @param {any} h @param {number} timeoutMs */
    port: (h, timeoutMs) => listenPort(h.control, timeoutMs),
  };
}
