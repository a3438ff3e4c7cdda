// Drivers: how a job of a runtime kind is started, fed, measured and stopped. A kind names its
// driver in runners/<kind>/kind.json; this table is the only place drivers are listed.
import { processDriver } from './process.js';
import { workerdDriver } from './workerd.js';

/**
 * @typedef {object} Driver
 * @property {string} name
 * @property {(rts: any[]) => void | Promise<void>} prepare   once per run, before any job (generate configs, check binaries)
 * @property {(rt: any) => {version?: string, engine?: string, engine_version?: string, error?: string, [k: string]: any}} probe
 * @property {(job: any, spec: any) => string} repro         a command a user can paste to rerun one job
 * @property {(job: any, spec: any, ctx: import('../rows.js').JobContext) => Promise<any>} run
 *   one job → one row (null when the user interrupted it); every process it started is gone when it returns
 * @property {() => void | Promise<void>} stop                once per run, after the last job
 * @property {(job: any, served: {module: string, node_env: string}) => any} [server]  the server
 *   shape's seam: how this kind serves the module a server job names (its path; a web fetch
 *   handler as default export, lib/measure/server-job.js) on 127.0.0.1: {bin, args, cwd, control?,
 *   port(h, timeoutMs, gone), cleanup()}, or {unsupported}
 * @property {(rt: any, job: any, timeoutMs: number) => Promise<any>} [wptFile]  how a kind that
 *   cannot run the WPT host as a process of its own runs one test file; the result has
 *   spawnJsonLines()'s shape (lines, code, signal, killed, ms, stdout, stderr, spawnError)
 * @property {(rt: any, suites: string[], options?: {timeoutMs?: number}) => Promise<any>} [checks]  how a
 *   kind with no collector process runs the shared checks: {results, code, signal, stderr,
 *   unsupported: {suite: why}} (the suites it cannot run, with the reason)
 */

/** @type {Record<string, Driver>} */
export const DRIVERS = { process: processDriver, workerd: workerdDriver };

/** The driver of a resolved runtime; a kind naming an unknown driver is a one-line error. */
export function driverFor(rt) {
  const d = DRIVERS[rt.driver];
  if (!d)
    throw new Error(
      `Runtime "${rt.id}" needs driver "${rt.driver}": valid drivers are ${Object.keys(DRIVERS).join(', ')}`,
    );
  return d;
}

/** Version facts for a runtime from its own driver. */
export const probeRuntime = (rt) => driverFor(rt).probe(rt);
