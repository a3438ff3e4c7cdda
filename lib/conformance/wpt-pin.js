// What parity runs of WPT, as data (conformance/wpt.json): each directory pinned to its WPT
// commit, the named sets DIRS= accepts (all, ecma-429), and which ECMA-429 interface each
// directory tests, so tables can group by interface. No I/O beyond reading that one file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, splitList, UsageError } from '../paths.js';

/**
 * @typedef {{name: string, dirs: string[], ecma429?: boolean}} WptInterface
 * @typedef {{repo: string, dest: string, paths: Record<string, string>, support: string[], interfaces: WptInterface[],
 *   not_applicable?: Record<string, {kind: string, reason: string}>}} WptPin
 */

const PIN_FILE = join(ROOT, 'conformance', 'wpt.json');
/** @type {WptPin | null} */
let pinned = null;

/** conformance/wpt.json (read once), or another pin file. @returns {WptPin} */
export function loadPin(file = PIN_FILE) {
  if (file !== PIN_FILE) return JSON.parse(readFileSync(file, 'utf8'));
  pinned ??= JSON.parse(readFileSync(file, 'utf8'));
  return /** @type {WptPin} */ (pinned);
}

/** Names DIRS= takes beside directories: every directory, or those testing an ECMA-429 interface. */
export const SETS = {
  all: (/** @type {WptPin} */ pin) => pin.interfaces.flatMap((i) => i.dirs),
  'ecma-429': (/** @type {WptPin} */ pin) => pin.interfaces.filter((i) => i.ecma429 !== false).flatMap((i) => i.dirs),
};

/**
 * A user's DIRS list with set names expanded, in order and without repeats:
 * "all" → every directory of conformance/wpt.json; "streams,url" stays as it is.
 * @param {string | string[]} spec
 */
export function expandDirs(spec, pin = loadPin()) {
  const out = [];
  for (const d of Array.isArray(spec) ? spec : splitList(spec)) {
    const set = Object.hasOwn(SETS, d) ? SETS[/** @type {keyof typeof SETS} */ (d)](pin) : [d.replace(/\/+$/, '')];
    for (const x of set) if (!out.includes(x)) out.push(x);
  }
  if (!out.length)
    throw new UsageError(`DIRS is empty; give WPT directories or one of ${Object.keys(SETS).join(', ')}`);
  return out;
}

/** The longest key of `table` that is `file` or a folder holding it. */
function longestPrefix(keys, file) {
  let best = null;
  for (const k of keys) {
    if ((file === k || file.startsWith(`${k}/`)) && (!best || k.length > best.length)) best = k;
  }
  return best;
}

/**
 * The interface a WPT file (or directory) is counted under, and the directory of the pin that
 * holds it; files outside every listed directory fall under their top folder.
 * @returns {{name: string, dir: string, ecma429: boolean}}
 */
export function interfaceOf(file, pin = loadPin()) {
  const bare = file.replace(/[?#].*$/, '');
  const dirs = pin.interfaces.flatMap((i) => i.dirs.map((dir) => ({ dir, i })));
  const dir = longestPrefix(
    dirs.map((d) => d.dir),
    bare,
  );
  if (!dir) return { name: bare.split('/')[0], dir: bare.split('/')[0], ecma429: false };
  const i = /** @type {{i: WptInterface}} */ (dirs.find((d) => d.dir === dir)).i;
  return { name: i.name, dir, ecma429: i.ecma429 !== false };
}

/** The WPT commit a path is pinned at (its longest pinned prefix), or null. */
export function pinnedCommit(path, pin = loadPin()) {
  const key = longestPrefix(Object.keys(pin.paths), path);
  return key ? pin.paths[key] : null;
}
