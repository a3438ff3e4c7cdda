// The process driver: one fresh runtime process per job. The job goes in as JSON in argv, the
// row comes back as the last stdout line, and the job is measured from outside (lib/runtimes/proc.js).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { preloadUrl } from '../../measure/preload.js';
import { parseRecord } from '../../measure/record.js';
import { displayPath, ROOT } from '../../paths.js';
import { runMeasured } from '../proc.js';
import { commandLine } from '../registry.js';
import { toRow } from '../rows.js';

export const shellQuote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * This process's command line as a results file records it (`command`): the script and its
 * arguments, each quoted for a POSIX shell, so that tools/regenerate-published.js can run it again
 * word for word (`--runtimes 'node deno'` stays one argument).
 * @param {string[]} [argv]
 */
export const invocation = (argv = process.argv) => argv.slice(1).map(shellQuote).join(' ');

/** `KEY=value ` prefixes for a runtime's variant environment. */
export const envPrefix = (rt) => Object.entries(rt.env).map(([k, v]) => `${k}=${shellQuote(String(v))} `);

/**
 * The job spec with `self`: this runtime's own command (binary and flags, no script), so that a
 * workload can start children of the same runtime without reading `process`.
 * @param {any} job
 * @param {any} spec
 */
export function withSelf(job, spec) {
  const rt = job.runtime;
  return { ...spec, self: { bin: rt.bin, args: commandLine(rt, '').slice(0, -1) } };
}

/**
 * The process driver.
 * @type {import('./index.js').Driver}
 */
export const processDriver = {
  name: 'process',

  prepare() {},

  /** Ask the runtime itself for its version and engine (runner --info prints one JSON line). */
  probe(rt) {
    if (rt.missing) return { error: rt.missing };
    try {
      const out = execFileSync(rt.bin, commandLine(rt, rt.runner, ['--info']), {
        cwd: ROOT,
        env: { ...process.env, ...rt.env },
        encoding: 'utf8',
        timeout: 30_000,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return JSON.parse(out.trim().split('\n').pop() ?? '');
    } catch (err) {
      const e = /** @type {any} */ (err);
      const why = String(e.stderr || e.message)
        .trim()
        .split('\n')[0];
      return { error: `${displayPath(rt.bin)} --info failed: ${why}` };
    }
  },

  /** A copy-pastable command that reruns one job by hand. */
  repro(job, spec) {
    const rt = job.runtime;
    const argv = commandLine(rt, displayPath(rt.runner), [JSON.stringify(withSelf(job, spec))]);
    return `${envPrefix(rt).join('')}${displayPath(rt.bin)} ${argv.map(shellQuote).join(' ')}`;
  },

  async run(job, spec, ctx) {
    const rt = job.runtime;
    // The job's own TMPDIR, removed when the job ends however it ends: a job killed on timeout
    // never runs its teardown, and must not leave its files behind.
    const tmp = mkdtempSync(join(tmpdir(), 'parity-job-'));
    let outcome;
    try {
      outcome = await runMeasured({
        bin: rt.bin,
        args: commandLine(rt, rt.runner, [JSON.stringify(withSelf(job, spec))]),
        env: { ...process.env, ...rt.env, TMPDIR: tmp },
        cwd: ROOT,
        timeoutMs: ctx.limits.timeout_s * 1000,
        memCapBytes: ctx.limits.mem_cap_bytes,
        onSpawn: ctx.onSpawn,
      });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    if (outcome.killed_for === 'interrupted') return null; // an interrupted job has no honest result
    // The runner's stdout is parsed once, here, into the job's record (lib/measure/record.js).
    return toRow(job, outcome, parseRecord(outcome.stdout), ctx);
  },

  /**
   * The kind's server entry (runners/<kind>/server.js) serving the module the job names, with a
   * file to announce its port in.
   * @param {any} job
   * @param {{module: string}} served
   */
  server(job, { module }) {
    const rt = job.runtime;
    if (!rt.server) return { unsupported: `kind ${rt.kind} names no "server" entry in its kind.json` };
    const dir = mkdtempSync(join(tmpdir(), 'parity-http-'));
    const portFile = join(dir, 'port');
    return {
      bin: rt.bin,
      args: commandLine(rt, rt.server, [JSON.stringify(serverSpec(rt, module, portFile))]),
      cwd: ROOT,
      /** @param {any} _h @param {number} timeoutMs @param {{ended: boolean}} gone */
      port: (_h, timeoutMs, gone) => waitPortFile(portFile, timeoutMs, gone),
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  },

  stop() {},
};

/**
 * A server job as its runner reads it (lib/measure/server-job.js): the module to serve, where to
 * announce the port, the variant's preload.
 * @param {any} rt
 * @param {string} module the served module's path
 * @param {string} portFile
 */
export const serverSpec = (rt, module, portFile) => ({
  server: pathToFileURL(module).href,
  port_file: portFile,
  preload: preloadUrl(rt),
});

/**
 * The port a server wrote to `file` (JSON {port}); polls until it appears.
 * @param {string} file
 * @param {number} timeoutMs
 * @param {{ended: boolean}} [gone] set once the server's process is gone
 * @returns {Promise<number>}
 */
export async function waitPortFile(file, timeoutMs, gone = { ended: false }) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (gone.ended) throw new Error('the server exited before it announced its port');
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')).port;
      } catch {}
    }
    if (performance.now() > until) throw new Error(`the server did not announce its port within ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 5));
  }
}
