// Any release as a runtime id: node@24.13.0, deno@2.4.1, bun@1.2.20. The registry asks here for an
// id it does not list; the answer is a registry entry like a pinned one, with the binary from the
// release cache (installed on first use).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readEntry, touch } from './cache.js';
import { RELEASE_NAMES } from './platform.js';

const INSTALLER = fileURLToPath(new URL('./install.js', import.meta.url));

/** name and version of a release id, or null when the id is not one (node@24, node@system, deno). */
export function parseReleaseId(id) {
  const m = /^([a-z]+)@(\d+\.\d+\.\d+)$/.exec(id);
  return m && RELEASE_NAMES.includes(m[1]) ? { name: m[1], version: m[2] } : null;
}

/** The ids of releases, in order, for names and versions: releaseIds('node', ['24.9.0']) → ['node@24.9.0']. */
export const releaseIds = (name, versions) => versions.map((v) => `${name}@${v}`);

/** The cached entry of a release, installing it through a child process when absent (throws its one-line error). */
export function ensureRelease(name, version) {
  let entry = readEntry(name, version);
  if (!entry) {
    // Synchronous on purpose: registry lookups are synchronous everywhere; the child downloads.
    const r = spawnSync(process.execPath, [INSTALLER, name, version], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
      env: process.env,
    });
    const lines = (r.stderr ?? '').trim().split('\n');
    for (const l of lines.filter((l) => l.startsWith('parity: '))) process.stderr.write(`${l}\n`);
    if (r.status !== 0)
      throw new Error(lines.filter((l) => !l.startsWith('parity: ')).at(-1) || `Installing ${name}@${version} failed`);
    entry = readEntry(name, version);
    if (!entry) throw new Error(`Installing ${name}@${version} left nothing in the cache`);
  }
  touch(entry);
  return entry;
}

/**
 * A registry entry for a release id, or null when `id` is not a release id.
 * @param {string} id
 */
export function releaseEntry(id) {
  const r = parseReleaseId(id);
  if (!r) return null;
  const e = ensureRelease(r.name, r.version);
  return {
    kind: r.name,
    bin: e.bin,
    package: null,
    release: `${e.package}@${e.version}`,
    note: `release ${r.version} from npm (${e.package})`,
  };
}
