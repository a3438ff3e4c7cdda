// The starts of a process job on the orchestrator's side: one process to its exit (under GNU time
// where the platform has it), all of a job's starts (through the launcher when there is one), and
// the judgement of each start (a failed start fails the row: it is never a fast result).
import { readFileSync } from 'node:fs';
import { GNU_TIME, parseStartTime, START_FORMAT } from '../../../runtimes/outside.js';
import { startChild } from '../../../runtimes/proc.js';
import { launchStarts } from './launch.js';
import { reapedCpu } from './record.js';

/** Starts before the timed ones, not counted: they fill the file cache and any cache the runtime keeps. */
export const WARMUP_STARTS = 2;

/**
 * One process, to its exit: under GNU time where the platform has it (timeFile receives its line).
 * @param {{bin: string, args: string[], env: Record<string, string | undefined>, cwd: string, timeoutMs: number,
 *   timeFile: string | null, register: (kill: () => void) => void}} o
 * @returns {Promise<{wall_ns: number | null, code: number | null, signal: string | null, stdout: string, stderr: string,
 *   spawnError: Error | null, killed: boolean, timed: ReturnType<typeof parseStartTime>}>}
 */
export function startOnce({ bin, args, env, cwd, timeoutMs, timeFile, register }) {
  const [b, a] = timeFile ? [GNU_TIME, ['-f', START_FORMAT, '-o', timeFile, '--', bin, ...args]] : [bin, args];
  return new Promise((resolve) => {
    let killed = false;
    const child = startChild({
      bin: b,
      args: a,
      env,
      cwd,
      maxStdout: 64 * 1024,
      ownGroup: false,
      onEnd(end) {
        clearTimeout(timer);
        let text = '';
        try {
          if (timeFile) text = readFileSync(timeFile, 'utf8');
        } catch {}
        resolve({ ...end, killed, timed: timeFile ? parseStartTime(text) : null });
      },
    });
    const kill = () => {
      killed = true;
      child.killGroup();
    };
    register(kill);
    const timer = setTimeout(kill, Math.max(1, timeoutMs));
  });
}

/**
 * What a failed start said, on one line: its first error line (node "Error: …", deno "error:
 * Uncaught …", bun "error: …"), else its last lines; a stack trace's frames say less than its message.
 * @param {string} stderr
 */
export function errorLine(stderr) {
  // Colour codes out: deno colours its errors on a pipe too.
  const lines = stderr
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim()
    .split('\n')
    .filter(Boolean);
  const first = lines.find((l) => /^\s*(?:Uncaught )?(?:\w*Error|error)(?: \[\w+\])?:/.test(l));
  return (first?.trim() ?? lines.slice(-3).join(' | ')).slice(0, 400);
}

/**
 * What one start says about the job: null when it ran as it should, else the row's status and error.
 * @param {Awaited<ReturnType<typeof startOnce>>} p
 * @param {string} which "start 3 of 20", "warm-up start 1"
 * @param {{rt: any, w: any, state: any, capBytes: number}} o
 * @returns {{status: string, error: string} | null}
 */
export function judgeStart(p, which, { rt, w, state, capBytes }) {
  if (p.spawnError) return { status: 'error', error: `${which}: could not start: ${p.spawnError.message}` };
  if (p.killed) return { status: 'timeout', error: `${which} did not exit within the job's time limit; killed` };
  const exit = p.timed ? p.timed.exit_code : p.code;
  const signal = p.timed?.signal_number ? `signal ${p.timed.signal_number}` : p.signal;
  if (p.timed && p.timed.rss_peak_bytes > capBytes) {
    const mib = (b) => Math.round(b / 2 ** 20);
    return {
      status: 'oom',
      error: `${which} peaked at ${mib(p.timed.rss_peak_bytes)} MiB, over the cap of ${mib(capBytes)} MiB`,
    };
  }
  if (exit === null || exit === undefined)
    return { status: 'crash', error: `${which} was killed by ${signal}: ${errorLine(p.stderr)}` };
  if (exit !== 0) {
    // A runtime that lacks what the script needs says so in its own words; the kind lists them.
    const known = rt.script.when.find((q) => new RegExp(q.stderr).test(p.stderr));
    if (known) return { status: 'unsupported', error: known.reason };
    return { status: 'error', error: `${which} exited with code ${exit}: ${errorLine(p.stderr)}` };
  }
  try {
    w.verify(p.stdout, state);
  } catch (e) {
    return { status: 'error', error: `${which}: wrong output: ${e instanceof Error ? e.message : String(e)}` };
  }
  return null;
}

/**
 * `total` starts of the job's command in a row, through the launcher where there is a Python 3
 * (launch.js), else one node spawn() under GNU time each; the CPU of the starts after the warm-ups
 * from what the orchestrator reaped (the launcher's lines carry their own, summedCpu).
 * @param {any} base startOnce's options but the timeout
 * @param {string | null} python
 * @param {number} total
 * @param {number} deadline on performance.now()
 * @param {string} dir
 */
export async function allStarts(base, python, total, deadline, dir) {
  if (python) {
    const { timeFile, ...o } = base;
    return {
      starts: await launchStarts({ ...o, python, dir, total, timeoutMs: deadline - performance.now() }),
      cpu: null,
    };
  }
  const starts = [];
  /** @type {{user: number, sys: number} | null} */
  let cpu0 = null;
  for (let i = 0; i < total; i++) {
    if (i === WARMUP_STARTS) cpu0 = reapedCpu();
    const p = await startOnce({ ...base, timeoutMs: deadline - performance.now() });
    starts.push(p);
    if (p.killed || p.spawnError || p.code !== 0) break;
  }
  const cpu1 = reapedCpu();
  return { starts, cpu: cpu0 && cpu1 ? { user: cpu1.user - cpu0.user, sys: cpu1.sys - cpu0.sys } : null };
}
