// The few facts every stage shares: where the project is, how a path inside it is shown, how a
// user's list is split, and the error for a mistake in what the user asked for. The bottom of the kernel: it imports nothing of the project.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root: the folder that holds runners/ and suites/. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Paths inside the project are shown relative to it; anything else (the machine's own node) in full. */
export function displayPath(p) {
  return p.startsWith(`${ROOT}/`) ? p.slice(ROOT.length + 1) : p;
}

/** Split a user's list of ids, "a,b c", into ['a', 'b', 'c']. */
export function splitList(s) {
  return (s ?? '').split(/[\s,]+/).filter(Boolean);
}

/** A mistake in what the user asked for: printed as one line, exit code 2. */
export class UsageError extends Error {}
