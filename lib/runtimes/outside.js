// How a job is measured from outside on each platform, and the parsers of the tools that do it:
// GNU time on Linux, BSD time -l on macOS, ps where there is no /proc. Pure functions over text,
// so that the platforms that cannot run here are tested over recorded outputs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const GNU_TIME = '/usr/bin/time';

/**
 * How a platform measures a job from outside, and what it cannot. Linux: GNU time (wait4 rusage:
 * user/sys CPU, max RSS) plus /proc for the memory cap and the whole process tree. macOS: BSD
 * /usr/bin/time -l (the same rusage, max RSS in bytes); no /proc, so no memory cap, no tree
 * figures, and the peak RSS is that of the largest single process (wait4's ru_maxrss), not the
 * tree's sum; on timeout ps finds the tree so that time survives to report. Windows: neither
 * exists, Node cannot read a child's rusage, and sampling Get-Process or wmic loses everything
 * after the last sample (a process's figures vanish when it exits; wmic is gone from current
 * Windows): CPU and RSS are absent and named in every row, never zero.
 * @param {string} [platform]
 * @returns {{timer: 'gnu' | 'bsd' | null, proc: boolean, unmeasured: string[], source: string}}
 */
export function outsideMeasurement(platform = process.platform) {
  if (platform === 'linux') {
    return { timer: 'gnu', proc: true, unmeasured: [], source: 'GNU time (wait4 rusage) + /proc' };
  }
  if (platform === 'darwin') {
    const unmeasured = ['memory cap', 'tree'];
    return { timer: 'bsd', proc: false, unmeasured, source: 'BSD /usr/bin/time -l (wait4 rusage)' };
  }
  return { timer: null, proc: false, unmeasured: ['cpu_ms', 'rss_peak_bytes', 'memory cap', 'tree'], source: 'none' };
}

/**
 * What a platform cannot measure, plus any figure this job lacks (a timer killed before it wrote,
 * a spawn that failed): absent and named, never zero.
 * @param {string[]} platform
 * @param {Record<string, unknown>} figures
 */
export function unmeasuredNow(platform, figures) {
  const missing = Object.entries(figures)
    .filter(([k, v]) => v === null && !platform.includes(k))
    .map(([k]) => k);
  return [...platform, ...missing];
}

/** Throws a one-line error when Linux lacks GNU time: there it is the outside measurement. */
export function checkGnuTime(platform = process.platform) {
  if (outsideMeasurement(platform).timer === 'gnu' && !existsSync(GNU_TIME)) {
    throw new Error(`GNU time not found at ${GNU_TIME}: install it with "apt-get install time" (make setup does)`);
  }
}

/**
 * Parse BSD time -l output (macOS): "real user sys" seconds on one line, then rusage lines with
 * "maximum resident set size" in bytes. Exit status is not printed: the caller has it.
 * @param {string} text
 * @returns {{cpu_ms: {user: number, sys: number}, rss_peak_bytes: number} | null}
 */
export function parseBsdTimeOutput(text) {
  const t = text.match(/([\d.]+)\s+real\s+([\d.]+)\s+user\s+([\d.]+)\s+sys/);
  const rss = text.match(/^\s*(\d+)\s+maximum resident set size/m);
  if (!t || !rss) return null;
  return { cpu_ms: { user: Number(t[2]) * 1e3, sys: Number(t[3]) * 1e3 }, rss_peak_bytes: Number(rss[1]) };
}

/** Parse GNU time's last line in our format: "<user s> <sys s> <maxrss KiB> <exit>". */
export function parseTimeOutput(text) {
  const lines = text.trim().split('\n');
  const last = lines.pop() ?? '';
  const m = last.match(/^([\d.]+) ([\d.]+) (\d+) (-?\d+)$/);
  if (!m) return null;
  const signal = lines.join('\n').match(/terminated by signal (\d+)/);
  return {
    cpu_ms: { user: Number(m[1]) * 1e3, sys: Number(m[2]) * 1e3 },
    rss_peak_bytes: Number(m[3]) * 1024,
    exit_code: signal ? null : Number(m[4]),
    signal_number: signal ? Number(signal[1]) : null,
  };
}

/**
 * GNU time's format for one short-lived process (lib/run/shapes/process/): elapsed, user and sys seconds,
 * max RSS in KiB, minor and major page faults, exit status.
 */
export const START_FORMAT = '%e %U %S %M %R %F %x';

/**
 * Parse GNU time's last line in START_FORMAT; a child killed by a signal adds a line before it
 * ("Command terminated by signal N"). Null when the line is not there (time itself failed).
 * @param {string} text
 * @returns {{cpu_ms: {user: number, sys: number}, rss_peak_bytes: number, minor_faults: number, major_faults: number,
 *   exit_code: number | null, signal_number: number | null} | null}
 */
export function parseStartTime(text) {
  const lines = text.trim().split('\n');
  const m = (lines.pop() ?? '').match(/^[\d.]+ ([\d.]+) ([\d.]+) (\d+) (\d+) (\d+) (-?\d+)$/);
  if (!m) return null;
  const signal = lines.join('\n').match(/terminated by signal (\d+)/);
  return {
    cpu_ms: { user: Number(m[1]) * 1e3, sys: Number(m[2]) * 1e3 },
    rss_peak_bytes: Number(m[3]) * 1024,
    minor_faults: Number(m[4]),
    major_faults: Number(m[5]),
    exit_code: signal ? null : Number(m[6]),
    signal_number: signal ? Number(signal[1]) : null,
  };
}

/**
 * Pid and parent pid of every process in `ps -A -o pid=,ppid=` output (macOS and Linux procps
 * print the same columns).
 * @param {string} text
 * @returns {{pid: number, ppid: number}[]}
 */
export function parsePs(text) {
  return text
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([pid, ppid]) => Number.isInteger(pid) && Number.isInteger(ppid))
    .map(([pid, ppid]) => ({ pid, ppid }));
}

/**
 * Every descendant of `root` in a process table.
 * @param {{pid: number, ppid: number}[]} table
 * @param {number} root
 */
export function descendantsIn(table, root) {
  const out = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift();
    for (const p of table) {
      if (p.ppid !== parent || out.includes(p.pid)) continue;
      out.push(p.pid);
      queue.push(p.pid);
    }
  }
  return out;
}

/** Descendants of `pid` from ps, where there is no /proc (macOS); empty when ps fails. */
export function psDescendants(pid) {
  try {
    return descendantsIn(parsePs(execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })), pid);
  } catch {
    return [];
  }
}
