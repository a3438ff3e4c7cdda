// System calls of one start, counted by strace (Debian package `strace`): `strace -f -c` follows
// every thread and process the start makes and prints a summary whose last line is the total.
// strace slows every call it traces, so this is one extra start after the timed ones, never timed.
import { existsSync, readFileSync } from 'node:fs';

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
