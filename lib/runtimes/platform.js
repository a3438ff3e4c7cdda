// Which npm package holds a runtime's binary for an OS and CPU, and where the binary sits inside
// its tarball. Node, Deno and Bun each publish one package per platform; the names differ per
// project, so they are data: each kind's runners/<kind>/kind.json `releases`. The CI matrix
// imports platformPackage to name a leg's package.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths.js';

/**
 * @typedef {{package: string, file: string, os: Record<string, string>, arch: Record<string, string>,
 *   libc?: Record<string, string>, reference: string, notes: string, release_bytes: number}} Releases
 */

/** Kinds in the order runners/runtimes.json first names them (node, deno, bun, …). */
function kindsInOrder() {
  const registry = JSON.parse(readFileSync(join(ROOT, 'runners', 'runtimes.json'), 'utf8'));
  return [...new Set(Object.values(registry.runtimes).map((r) => /** @type {any} */ (r).kind))];
}

/** Each kind whose every release can be a runtime id, with its `releases` data. @type {Record<string, Releases>} */
export const RELEASES = Object.fromEntries(
  kindsInOrder()
    .map((k) => [k, join(ROOT, 'runners', k, 'kind.json')])
    .filter(([, f]) => existsSync(f))
    .map(([k, f]) => [k, JSON.parse(readFileSync(f, 'utf8')).releases])
    .filter(([, r]) => r),
);

/** The runtimes whose every release can be a runtime id (name@x.y.z). */
export const RELEASE_NAMES = Object.keys(RELEASES);

/** Release notes of one version, printed by bisect beside the release it names. */
export const NOTES_URL = Object.fromEntries(
  RELEASE_NAMES.map((n) => [n, (/** @type {string} */ v) => RELEASES[n].notes.replace('{version}', v)]),
);

/**
 * The platform package of `name` for this (or another) machine.
 * @param {string} name node | deno | bun
 * @param {{platform?: string, arch?: string}} [where] defaults to this process's platform and arch
 * @returns {{package: string, file: string, exe: string} | {unsupported: string}} `file` is the
 *   binary's path inside the tarball, `exe` its name once installed
 */
export function platformPackage(name, where = {}) {
  const platform = where.platform ?? process.platform;
  const arch = where.arch ?? process.arch;
  const r = RELEASES[name];
  if (!r) return { unsupported: `"${name}" has no release packages: valid names are ${RELEASE_NAMES.join(', ')}` };
  // A missing entry is a platform the project publishes no binary for.
  const os = r.os[platform];
  const cpu = r.arch[arch];
  if (!os || !cpu) return { unsupported: `${name} publishes no npm binary for ${platform}-${arch}` };
  const exe = platform === 'win32' ? `${name}.exe` : name;
  const fill = (t) =>
    t
      .replace('{os}', os)
      .replace('{arch}', cpu)
      .replace('{libc}', r.libc?.[platform] ?? '')
      .replace('{exe}', exe);
  return { package: fill(r.package), file: fill(r.file), exe };
}
