// Per-OS facts of the runtime registry: which platforms a runtime package ships a build for, and
// where its native binary lands on each. The npm platform packages put binaries in different
// places per OS (deno.exe on Windows; workerd's bin/workerd stays a JS shim there), and
// node_modules/.bin holds shims on Windows, so a registry entry may give `bin` per platform.

/** @typedef {{platform: string, arch: string}} Host */

/** This machine, as the registry keys platforms: `${process.platform}-${process.arch}`. */
export const HOST = { platform: process.platform, arch: process.arch };

/** "linux-x64", the key of `builds` lists and of CI legs. */
export const hostKey = (/** @type {Host} */ h) => `${h.platform}-${h.arch}`;

/**
 * The binary path (relative to the project) of a registry entry on a host: `bin` is one path for
 * every OS, or an object keyed by platform with an optional `default`.
 * @param {{bin?: string | Record<string, string>}} entry
 * @param {Host} [host]
 * @returns {string | null}
 */
export function binFor(entry, host = HOST) {
  if (typeof entry.bin === 'string' || entry.bin === undefined) return entry.bin ?? null;
  return entry.bin[host.platform] ?? entry.bin.default ?? null;
}

/**
 * Why a registry entry cannot run on a host at all (its package ships no build there), or null.
 * Entries without a `builds` list are assumed to build everywhere.
 * @param {{package?: string, builds?: string[], bin?: string | Record<string, string>}} entry
 * @param {Host} [host]
 * @returns {string | null}
 */
export function unavailableOn(entry, host = HOST) {
  const key = hostKey(host);
  if (entry.builds && !entry.builds.includes(key)) {
    return `no build of ${entry.package ?? 'this runtime'} for ${key} (builds: ${entry.builds.join(', ')})`;
  }
  if (entry.bin !== undefined && binFor(entry, host) === null)
    return `no binary path for ${host.platform} in the registry`;
  return null;
}

/** The file name of an executable found on PATH: Windows needs the .exe, never the .cmd shim. */
export const exeName = (/** @type {string} */ name, platform = HOST.platform) =>
  platform === 'win32' && !name.endsWith('.exe') ? `${name}.exe` : name;
