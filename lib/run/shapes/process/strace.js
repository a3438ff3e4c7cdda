// System calls of one start, counted by strace (Debian package `strace`): `strace -f -c` follows
// every thread and process the start makes and prints a summary whose last line is the total.
// strace slows every call it traces, so this is one extra start after the timed ones, never timed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STRACE = '/usr/bin/strace';

/**
 * strace's argv that counts the calls of `bin args` into `file`; null where strace is not installed.
 * @param {string} bin
 * @param {string[]} args
 * @param {string} file
 * @returns {[string, string[]] | null}
 */
export function straceArgv(bin, args, file, installed = existsSync(STRACE)) {
  return installed ? [STRACE, ['-f', '-c', '-o', file, '--', bin, ...args]] : null;
}

/**
 * The calls column of the "total" line of an `strace -c` summary (its errors column is blank when
 * no call failed); null when there is none.
 * @param {string} text
 */
export function parseStraceTotal(text) {
  const m = text.match(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?total\s*$/m);
  return m ? Number(m[1]) : null;
}

/** The calls that create a thread or a process (clone, clone3, fork, vfork). */
const SPAWNS = ['clone', 'clone3', 'fork', 'vfork'];

/**
 * Threads and processes a start created: the successful calls of SPAWNS in an `strace -c`
 * summary (calls minus errors); null when the text has no total line (not a summary).
 * @param {string} text
 */
export function parseStraceSpawns(text) {
  if (parseStraceTotal(text) === null) return null;
  let n = 0;
  for (const m of text.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:(\d+)\s+)?(\w+)\s*$/gm)) {
    if (SPAWNS.includes(m[3])) n += Number(m[1]) - Number(m[2] ?? 0);
  }
  return n;
}

/**
 * The summary strace wrote to `file`: total calls and the threads and processes started; null
 * when it wrote none.
 * @param {string} file
 */
export function readStrace(file) {
  try {
    const text = readFileSync(file, 'utf8');
    const calls = parseStraceTotal(text);
    return calls === null ? null : { calls, spawns: /** @type {number} */ (parseStraceSpawns(text)) };
  } catch {
    return null;
  }
}

/**
 * strace's argv that logs only the calls that start or end tasks (clone, clone3, fork, vfork,
 * exit_group; a task's end is strace's "+++ exited" line) of `bin args` into `file`, filtered in
 * the kernel (--seccomp-bpf) so that the start runs near its own speed; null without strace.
 * @param {string} bin
 * @param {string[]} args
 * @param {string} file
 * @returns {[string, string[]] | null}
 */
export function tasksArgv(bin, args, file, installed = existsSync(STRACE)) {
  const only = ['-e', `trace=${SPAWNS.join(',')},exit_group`, '--seccomp-bpf'];
  return installed ? [STRACE, ['-f', '-q', ...only, '-o', file, '--', bin, ...args]] : null;
}

/**
 * Tasks (threads and processes) alive at once in an strace -f log of tasksArgv: the most, and how
 * many were alive when the first task (the runtime's main thread) called exit_group, counting it.
 * Lines are in the order strace saw the events. Null when the log shows no task.
 * @param {string} text
 * @returns {{peak: number, at_exit: number, created: number} | null}
 */
export function parseTasks(text) {
  const lines = text.split('\n').filter(Boolean);
  const main = lines[0]?.match(/^(\d+) /)?.[1];
  if (!main) return null;
  const alive = new Set([main]);
  let peak = 1;
  let created = 0;
  /** @type {number | null} */
  let atExit = null;
  for (const l of lines) {
    const [, pid, rest] = l.match(/^(\d+) (.*)$/) ?? [];
    if (!pid) continue;
    const born = rest.match(/^(?:(?:clone3?|v?fork)\(|<\.\.\. (?:clone3?|v?fork) resumed>).*= (\d+)$/);
    if (born) {
      alive.add(born[1]);
      created++;
    } else if (/^\+\+\+ (?:exited|killed)/.test(rest)) alive.delete(pid);
    else if (pid === main && atExit === null && rest.startsWith('exit_group(')) atExit = alive.size;
    peak = Math.max(peak, alive.size);
  }
  return { peak, at_exit: atExit ?? alive.size, created };
}

/**
 * The task counts strace logged to `file` (tasksArgv); null when it wrote none.
 * @param {string} file
 */
export function readTasks(file) {
  try {
    return parseTasks(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The figures of the two traced starts of a process job: system calls (and tasks started) from
 * `strace -f -c`, tasks alive (most, and at exit) from a log of tasksArgv. `start` runs one argv
 * and says whether that start ran as it should (null: the job was interrupted).
 * @param {string} bin
 * @param {string[]} args
 * @param {string} dir where strace writes
 * @param {(argv: [string, string[]] | null, which: string) => Promise<boolean | null>} start
 * @returns {Promise<{metrics: Record<string, any>, unmeasured: string[]} | null>}
 */
export async function tracedMetrics(bin, args, dir, start) {
  const of = 'of one start (strace -f on an extra start in the first round, not timed)';
  /** @type {Record<string, any>} */
  const metrics = {};
  const callsFile = join(dir, '.parity-strace');
  const counted = await start(straceArgv(bin, args, callsFile), 'the strace start');
  if (counted === null) return null;
  const calls = counted ? readStrace(callsFile) : null;
  if (calls) {
    const label = `system calls ${of}, every thread and process`;
    metrics.syscalls = { value: calls.calls, unit: 'calls', better: 'lower', label };
    const started = `threads and processes started ${of}: successful clone, clone3, fork, vfork`;
    metrics.threads_started = { value: calls.spawns, unit: 'tasks', better: 'none', label: started };
  }
  const tasksFile = join(dir, '.parity-strace-tasks');
  const logged = await start(tasksArgv(bin, args, tasksFile), 'the strace start that logs tasks');
  if (logged === null) return null;
  // A log that saw no task created where the counted start created some missed them (seen once
  // under make test's load, never alone): no figure then, rather than a main thread alone.
  const read = logged ? readTasks(tasksFile) : null;
  const tasks = read && !(read.created === 0 && (calls?.spawns ?? 0) > 0) ? read : null;
  if (tasks) {
    const alive = `threads and processes alive ${of}, the main thread counted`;
    metrics.tasks_peak = { value: tasks.peak, unit: 'tasks', better: 'none', label: `${alive}: most at once` };
    const exit = `${alive}: when the main thread called exit_group`;
    metrics.tasks_at_exit = { value: tasks.at_exit, unit: 'tasks', better: 'none', label: exit };
  }
  const unmeasured = [
    ...(calls ? [] : ['syscalls', 'threads_started']),
    ...(tasks ? [] : ['tasks_peak', 'tasks_at_exit']),
  ];
  return { metrics, unmeasured };
}
