// Installing one release into the cache: the platform package's tarball from npm, integrity
// checked against the registry's, only the binary kept, and the binary's own --version checked
// against the version asked for. Also a command (node install.js name version) so the synchronous
// registry lookup can install through a child process.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { capBytes, ensureCacheDir, entryDir, pruneCache, readEntry } from './cache.js';
import { fetchTarball, packageVersions } from './npm.js';
import { platformPackage } from './platform.js';
import { leadingTriple, nearest, parseVersion } from './versions.js';

/** What a binary says its version is, as x.y.z (or the first line when there is none). */
export function reportedVersion(bin) {
  const out = execFileSync(bin, ['--version'], {
    encoding: 'utf8',
    timeout: 30_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return leadingTriple(out) ?? out.split('\n')[0];
}

/**
 * Install name@version into the cache (a no-op when present) and return its entry.
 * @param {string} name node | deno | bun
 * @param {string} version x.y.z
 * @param {{dir?: string, fetchImpl?: typeof fetch, registry?: string, log?: (s: string) => void, where?: {platform?: string, arch?: string}}} [opts]
 */
export async function installRelease(name, version, opts = {}) {
  const dir = ensureCacheDir(opts.dir);
  const have = readEntry(name, version, dir);
  if (have) return have;
  if (!parseVersion(version))
    throw new Error(`Invalid version "${version}" for ${name}: expected x.y.z, e.g. ${name}@2.4.1`);
  const p = platformPackage(name, opts.where);
  if ('unsupported' in p) throw new Error(p.unsupported);
  const versions = await packageVersions(p.package, opts);
  const meta = versions[version];
  if (!meta) {
    throw new Error(
      `Unknown version ${name}@${version} (${p.package}): nearest available are ${nearest(Object.keys(versions), version).join(', ')}`,
    );
  }
  opts.log?.(`parity: installing ${name}@${version} from npm (${p.package}) into ${dir}`);
  const bytes = await fetchTarball(meta.dist, opts);
  // Staged beside the final folder and renamed into place, so a half-written release is never seen.
  const stage = mkdtempSync(join(dir, '.tmp-'));
  try {
    const tgz = join(stage, 'package.tgz');
    writeFileSync(tgz, bytes);
    execFileSync('tar', ['-xzf', tgz, '-C', stage, p.file], { stdio: ['ignore', 'ignore', 'pipe'] });
    rmSync(tgz);
    const bin = join(stage, p.exe);
    renameSync(join(stage, p.file), bin);
    rmSync(join(stage, 'package'), { recursive: true, force: true });
    chmodSync(bin, 0o755);
    const reported = reportedVersion(bin);
    if (reported !== version) {
      throw new Error(`${p.package}@${version} holds a binary that reports version ${reported}: refused`);
    }
    writeFileSync(
      join(stage, 'meta.json'),
      `${JSON.stringify({ name, version, package: p.package, integrity: meta.dist.integrity ?? `sha1-${meta.dist.shasum}`, reported, exe: p.exe, bytes: statSync(bin).size, installed: new Date().toISOString() }, null, 1)}\n`,
    );
    const final = entryDir(name, version, dir);
    rmSync(final, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    renameSync(stage, final);
  } catch (e) {
    rmSync(stage, { recursive: true, force: true });
    throw e;
  }
  // PARITY_CACHE_KEEP: the other releases of the same run (timeline, bisect), never pruned under it.
  pruneCache(capBytes(), [`${name}@${version}`, ...(process.env.PARITY_CACHE_KEEP ?? '').split(' ')], dir);
  const entry = readEntry(name, version, dir);
  if (!entry) throw new Error(`Installed ${name}@${version} but cannot read it back from ${dir}`);
  return entry;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [name, version] = process.argv.slice(2);
  try {
    await installRelease(name, version, { log: (s) => process.stderr.write(`${s}\n`) });
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
}
