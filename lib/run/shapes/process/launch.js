// The starts of a process job through the launcher (starts.py beside this file): one small Python
// process per job that starts the command N times with posix_spawn and reaps each with wait4, so
// that each start's wall, CPU, peak RSS and page faults are read next to the kernel, as hyperfine
// reads its wall. node's spawn() under GNU time added about 3 ms to every start (docs/startup.md).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { descendantsOf, killAll } from '../../../runtimes/descendants.js';
import { startChild } from '../../../runtimes/proc.js';

export const LAUNCHER = fileURLToPath(new URL('./starts.py', import.meta.url));

/** @type {string | null | undefined} */
let found;

/** The usual Python 3s: the system's before one on PATH. */
const PYTHONS = ['/usr/bin/python3', 'python3'];

/**
 * The Python 3 that runs the launcher, checked to have posix_spawn and wait4 (once for the usual
 * candidates); null where there is none (the job then uses spawn() and GNU time).
 * @param {string[]} [candidates]
 */
export function launcherPython(candidates = PYTHONS) {
  if (candidates === PYTHONS && found !== undefined) return found;
  let py = null;
  for (const c of candidates) {
    if (c.startsWith('/') && !existsSync(c)) continue;
    try {
      execFileSync(c, ['-I', '-S', '-c', 'import os; os.posix_spawn; os.wait4'], { stdio: 'ignore', timeout: 10_000 });
      py = c;
      break;
    } catch {}
  }
  if (candidates === PYTHONS) found = py;
  return py;
}

/**
 * @typedef {{wall_ns: number | null, code: number | null, signal: string | null, stdout: string, stderr: string,
 *   spawnError: Error | null, killed: boolean, timed: any}} Start
 */

/** One launcher line as a start (the shape of job.js startOnce's answer, so one judge reads both). */
/**
 * @param {any} l
 * @returns {Start}
 */
export function startOfLine(l) {
  if (l.spawn_error) {
    const spawnError = new Error(l.spawn_error);
    return { wall_ns: null, code: null, signal: null, stdout: '', stderr: '', spawnError, killed: false, timed: null };
  }
  return {
    wall_ns: l.wall_ns,
    code: l.exit,
    signal: l.signal === null ? null : `signal ${l.signal}`,
    stdout: l.stdout,
    stderr: l.stderr,
    spawnError: null,
    killed: false,
    timed: {
      cpu_ms: { user: l.user_us / 1e3, sys: l.sys_us / 1e3 },
      rss_peak_bytes: l.maxrss_kib * 1024,
      rss_floor_bytes: l.floor_kib * 1024,
      minor_faults: l.minflt,
      major_faults: l.majflt,
      exit_code: l.exit,
      signal_number: l.signal,
    },
  };
}

/**
 * `total` starts of `bin args` in a row, through the launcher. Resolves with one start per line the
 * launcher printed (it stops after the first that does not exit 0), then, if the launcher itself
 * failed or was killed (timeout, interrupt), one more start saying so.
 * @param {{python: string, bin: string, args: string[], env: Record<string, string | undefined>, cwd: string,
 *   dir: string, total: number, timeoutMs: number, register: (kill: () => void) => void}} o
 * @returns {Promise<Start[]>}
 */
export function launchStarts({ python, bin, args, env, cwd, dir, total, timeoutMs, register }) {
  const spec = JSON.stringify({ bin, args, cwd, starts: total, out: dir });
  return new Promise((resolve) => {
    let killed = false;
    let ended = false;
    const child = startChild({
      bin: python,
      args: ['-I', '-S', LAUNCHER, spec],
      env,
      cwd,
      ownGroup: false,
      onEnd(end) {
        ended = true;
        clearTimeout(timer);
        /** @type {Start[]} */
        const starts = [];
        for (const l of end.stdout.split('\n')) {
          try {
            starts.push(startOfLine(JSON.parse(l)));
          } catch {} // a line cut short by a kill, or none
        }
        const last = starts.at(-1);
        const stopped = last && (last.spawnError || last.code !== 0);
        // A kill may reach the start before the launcher, which then prints its signal: still a kill.
        if (killed && stopped) last.killed = true;
        else if (!stopped && starts.length < total) {
          const said = end.spawnError?.message ?? `it ended with ${end.code ?? end.signal}: ${end.stderr.trim()}`;
          const gone = startOfLine({ spawn_error: `the launcher (${LAUNCHER}) failed: ${said}` });
          starts.push(killed ? { ...gone, spawnError: null, killed } : gone);
        }
        resolve(starts);
      },
    });
    // Kill the start, not the launcher: the launcher reaps it (so it is gone, not dying, when the
    // job ends), prints its signal and stops. The launcher too if it has not ended a second later.
    const kill = () => {
      killed = true;
      killAll(descendantsOf(child.pid));
      setTimeout(() => ended || child.killGroup(), 1000).unref();
    };
    register(kill);
    const timer = setTimeout(kill, Math.max(1, timeoutMs));
  });
}
