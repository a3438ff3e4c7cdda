// The release cache: one folder per name@version holding only the binary and a meta.json (package,
// integrity, version the binary reported, size). Outside node_modules, so npm never prunes or
// rewrites it; kept under a size cap by removing the least recently used releases first.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Default cap: a node release is ~120 MB once only its binary is kept, so ~30 releases. */
export const DEFAULT_CAP_BYTES = 4 * 2 ** 30;

/** $PARITY_CACHE, else ~/.cache/parity/runtimes (XDG_CACHE_HOME respected). */
export function cacheDir(env = process.env) {
  if (env.PARITY_CACHE) return env.PARITY_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'parity', 'runtimes');
}

/** The size cap in bytes: PARITY_CACHE_GB (decimal, e.g. 2.5) or the default. */
export function capBytes(env = process.env) {
  const raw = env.PARITY_CACHE_GB;
  if (raw === undefined || raw === '') return DEFAULT_CAP_BYTES;
  const gb = Number(raw);
  if (!Number.isFinite(gb) || gb <= 0) {
    throw new Error(`Invalid PARITY_CACHE_GB "${raw}": expected a positive number of GiB, e.g. 4`);
  }
  return Math.round(gb * 2 ** 30);
}

/**
 * @typedef {{name: string, version: string, package: string, integrity: string, reported: string,
 *   exe: string, bytes: number, installed: string}} Meta
 * @typedef {Meta & {dir: string, bin: string, used: number}} Entry
 */

/** The folder of one release. */
export const entryDir = (name, version, dir = cacheDir()) => join(dir, `${name}@${version}`);

/**
 * One cached release, or null when absent or incomplete (no meta.json: an install that died).
 * @returns {Entry | null}
 */
export function readEntry(name, version, dir = cacheDir()) {
  const d = entryDir(name, version, dir);
  const metaFile = join(d, 'meta.json');
  if (!existsSync(metaFile)) return null;
  /** @type {Meta} */
  const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  const bin = join(d, meta.exe);
  if (!existsSync(bin)) return null;
  return { ...meta, dir: d, bin, used: statSync(metaFile).mtimeMs };
}

/** Mark a release used now: the LRU order is meta.json's modification time. */
export function touch(entry) {
  const now = new Date();
  utimesSync(join(entry.dir, 'meta.json'), now, now);
}

/** Every complete cached release, most recently used first. */
export function listCache(dir = cacheDir()) {
  if (!existsSync(dir)) return [];
  /** @type {Entry[]} */
  const out = [];
  for (const f of readdirSync(dir)) {
    const m = /^(.+)@(\d+\.\d+\.\d+)$/.exec(f);
    const e = m ? readEntry(m[1], m[2], dir) : null;
    if (e) out.push(e);
  }
  return out.sort((a, b) => b.used - a.used);
}

/**
 * Remove least recently used releases until the cache fits `cap`; `keep` (ids name@version) are
 * never removed, so a run never loses a release it is about to use. Returns the removed ids.
 * Leftovers of interrupted installs (folders without meta.json) go too.
 */
export function pruneCache(cap = capBytes(), keep = [], dir = cacheDir()) {
  if (!existsSync(dir)) return [];
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (f.startsWith('.tmp-') || (!existsSync(join(p, 'meta.json')) && statSync(p).isDirectory())) {
      rmSync(p, { recursive: true, force: true });
    }
  }
  const entries = listCache(dir);
  let total = entries.reduce((s, e) => s + e.bytes, 0);
  const removed = [];
  for (const e of [...entries].reverse()) {
    if (total <= cap) break;
    const id = `${e.name}@${e.version}`;
    if (keep.includes(id)) continue;
    rmSync(e.dir, { recursive: true, force: true });
    total -= e.bytes;
    removed.push(id);
  }
  return removed;
}

/** Create the cache folder. */
export function ensureCacheDir(dir = cacheDir()) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

const sizeText = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;

/** Lines listing the release cache, for `runtimes`. */
export function cacheLines(dir = cacheDir()) {
  const entries = listCache(dir);
  const total = entries.reduce((s, e) => s + e.bytes, 0);
  const lines = [
    `release cache ${dir}: ${entries.length} release(s), ${sizeText(total)} (make runtimes-prune empties it)`,
  ];
  for (const e of entries) {
    lines.push(
      `  ${`${e.name}@${e.version}`.padEnd(16)} ${sizeText(e.bytes).padStart(7)}  ${e.package}  last used ${new Date(e.used).toISOString().slice(0, 16)}Z`,
    );
  }
  return lines;
}
