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

/** The summary strace wrote to `file`, parsed; null when it wrote none. */
export function readStraceTotal(file) {
  try {
    return parseStraceTotal(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
