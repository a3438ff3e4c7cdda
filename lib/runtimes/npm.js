// The npm registry, read over HTTPS with fetch: a package's published versions with each one's
// tarball and integrity, and a tarball's bytes checked against that integrity before use.
import { createHash } from 'node:crypto';

/** The registry npm itself would use (npm_config_registry when npm runs us, else the public one). */
export function registryUrl(env = process.env) {
  return (env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
}

/**
 * Every version of a package with its dist (abbreviated metadata: versions and dist only).
 * No registry reachable, or no such package, is a one-line error.
 * @param {string} pkg
 * @returns {Promise<Record<string, {dist: {tarball: string, integrity?: string, shasum?: string}}>>}
 */
export async function packageVersions(pkg, { fetchImpl = fetch, registry = registryUrl() } = {}) {
  const url = `${registry}${pkg.replace('/', '%2f')}`;
  let res;
  try {
    res = await fetchImpl(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json' },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (e) {
    const cause =
      /** @type {any} */ (e).cause?.code ?? /** @type {any} */ (e).cause?.message ?? /** @type {any} */ (e).message;
    throw new Error(`Cannot reach the npm registry at ${registry} (${cause}): releases install from npm`);
  }
  if (res.status === 404) throw new Error(`Package "${pkg}" is not on the npm registry at ${registry}`);
  if (!res.ok) throw new Error(`The npm registry at ${registry} answered ${res.status} for "${pkg}"`);
  return /** @type {any} */ (await res.json()).versions ?? {};
}

/**
 * Whether bytes match an SRI string ("sha512-<base64>", possibly several space-separated), or a
 * bare sha1 hex shasum from registries too old to give one.
 * @param {Uint8Array} bytes
 * @param {{integrity?: string, shasum?: string}} dist
 */
export function matchesIntegrity(bytes, dist) {
  const sri = (dist.integrity ?? '').split(/\s+/).filter(Boolean);
  for (const entry of sri) {
    const m = /^(sha512|sha384|sha256|sha1)-(.+)$/.exec(entry);
    if (m && createHash(m[1]).update(bytes).digest('base64') === m[2]) return true;
  }
  if (!sri.length && dist.shasum) return createHash('sha1').update(bytes).digest('hex') === dist.shasum;
  return false;
}

/**
 * A tarball's bytes, refused unless they match the registry's integrity.
 * @param {{tarball: string, integrity?: string, shasum?: string}} dist
 */
export async function fetchTarball(dist, { fetchImpl = fetch } = {}) {
  if (!dist.integrity && !dist.shasum) throw new Error(`The registry gives no integrity for ${dist.tarball}: refused`);
  let res;
  try {
    res = await fetchImpl(dist.tarball, { signal: AbortSignal.timeout(600_000) });
  } catch (e) {
    throw new Error(
      `Cannot download ${dist.tarball} (${/** @type {any} */ (e).cause?.code ?? /** @type {any} */ (e).message})`,
    );
  }
  if (!res.ok) throw new Error(`Cannot download ${dist.tarball}: the registry answered ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!matchesIntegrity(bytes, dist)) {
    throw new Error(
      `Integrity check failed for ${dist.tarball}: its bytes do not match the registry's ${dist.integrity ?? dist.shasum}`,
    );
  }
  return bytes;
}
