// WPT's own server, for the test files that need one: wptserve (PyPI, pinned) serves the WPT
// checkout on 127.0.0.1 with its Python handlers (`*.py`), `.sub.` substitution and pipes, as it
// does for browsers. `make setup` installs it into the per-user tools cache (Makefile
// WPTSERVE_ROOT); a run starts it once, only when a file needs it, and stops it at the end.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The wptserve release make setup installs (Makefile WPTSERVE_VERSION). */
export const WPTSERVE_VERSION = '4.0.3';

/** Where make setup puts wptserve and its dependencies (pip --target), or null when it is not there. */
export function wptserveDir() {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const dir = join(cache, 'parity', 'tools', `wptserve-${WPTSERVE_VERSION}`);
  return existsSync(join(dir, 'wptserve', 'wptserve.py')) ? dir : null;
}

/** A free TCP port on 127.0.0.1 (bound, read, released). */
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => res(port));
    });
  });
}

const accepts = (port) =>
  new Promise((res) => {
    const c = connect({ host: '127.0.0.1', port });
    c.on('connect', () => {
      c.destroy();
      res(true);
    });
    c.on('error', () => res(false));
  });

/**
 * Start wptserve over `root` on 127.0.0.1 and wait until it accepts connections.
 * @param {string} root the WPT checkout
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<{origin: string, stop: () => void}>}
 */
export async function startWptserve(root, { timeoutMs = 15_000 } = {}) {
  const dir = wptserveDir();
  if (!dir) throw new Error(`wptserve ${WPTSERVE_VERSION} is not installed: run make setup (or make setup-wpt)`);
  const port = await freePort();
  // wptserve's own main() starts the server thread and returns; this keeps the process serving.
  const code = [
    'import sys, time',
    'from wptserve.server import WebTestHttpd',
    'WebTestHttpd(host="127.0.0.1", port=int(sys.argv[2]), use_ssl=False, certificate=None, doc_root=sys.argv[1]).start()',
    'while True: time.sleep(3600)',
  ].join('\n');
  const child = spawn('python3', ['-c', code, root, String(port)], {
    env: { ...process.env, PYTHONPATH: dir, PYTHONDONTWRITEBYTECODE: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = `${stderr}${d}`.slice(-2000);
  });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    if (await accepts(port)) return { origin: `http://127.0.0.1:${port}`, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(
    `wptserve did not listen on 127.0.0.1:${port} within ${timeoutMs} ms: ${stderr.trim().split('\n').slice(-2).join(' | ')}`,
  );
}
