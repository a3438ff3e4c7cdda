import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { binFor, exeName, unavailableOn } from './host.js';
import { loadRegistry, REGISTRY_FILE } from './registry.js';

const LEGS = ['linux-x64', 'linux-arm64', 'darwin-arm64', 'darwin-x64', 'win32-x64'].map((k) => {
  const [platform, arch] = k.split('-');
  return { platform, arch };
});

test('every pinned runtime has a native binary path on every CI leg: .exe on Windows, never node_modules/.bin', () => {
  const { runtimes } = loadRegistry();
  for (const [id, rt] of Object.entries(runtimes)) {
    if (!rt.package) continue;
    for (const host of LEGS) {
      const bin = binFor(rt, host);
      assert.ok(bin, `${id} on ${host.platform}`);
      assert.doesNotMatch(bin, /node_modules\/\.bin\//, `${id} on ${host.platform} is a shim path`);
      assert.equal(
        bin.endsWith('.exe'),
        host.platform === 'win32' || id === 'bun',
        `${id} on ${host.platform}: ${bin}`,
      );
      assert.equal(unavailableOn(rt, host), null, `${id} on ${host.platform}-${host.arch}`);
    }
  }
});

test('a platform without a build is unavailable with the reason, not an error', () => {
  const entry = { package: 'deno', builds: ['linux-x64', 'darwin-arm64'], bin: 'node_modules/deno/deno' };
  assert.equal(unavailableOn(entry, { platform: 'linux', arch: 'x64' }), null);
  assert.equal(
    unavailableOn(entry, { platform: 'freebsd', arch: 'x64' }),
    'no build of deno for freebsd-x64 (builds: linux-x64, darwin-arm64)',
  );
  assert.match(
    unavailableOn({ bin: { darwin: 'x' } }, { platform: 'linux', arch: 'x64' }) ?? '',
    /no binary path for linux/,
  );
});

test('bin may be one path or one per platform with a default', () => {
  assert.equal(binFor({ bin: 'a/b' }, { platform: 'win32', arch: 'x64' }), 'a/b');
  const bin = { default: 'd/deno', win32: 'd/deno.exe' };
  assert.equal(binFor({ bin }, { platform: 'darwin', arch: 'arm64' }), 'd/deno');
  assert.equal(binFor({ bin }, { platform: 'win32', arch: 'x64' }), 'd/deno.exe');
  assert.equal(exeName('node', 'win32'), 'node.exe');
  assert.equal(exeName('node', 'linux'), 'node');
});

test('runtimes --check refuses a shim with its reason and lists a runtime without a build here as unavailable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-platform-'));
  const registry = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8'));
  const run = (/** @type {Record<string, any>} */ extra) => {
    writeFileSync(join(dir, 'r.json'), JSON.stringify({ ...registry, runtimes: { ...registry.runtimes, ...extra } }));
    return spawnSync(
      join(ROOT, 'node_modules', '.bin', 'node'),
      [join(ROOT, 'lib', 'run', 'cli.js'), 'runtimes', '--check'],
      {
        encoding: 'utf8',
        env: { ...process.env, PARITY_REGISTRY: join(dir, 'r.json') },
      },
    );
  };
  const elsewhere = { kind: 'node', package: 'node-mars', bin: 'nowhere', builds: ['mars-x64'] };
  const ok = run({ 'node@mars': elsewhere });
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /node@mars is unavailable here: no build of node-mars for \w+-\w+ \(builds: mars-x64\)/);
  const shim = run({ 'node@shim': { kind: 'node', package: 'typescript', bin: 'node_modules/.bin/tsc' } });
  assert.equal(shim.status, 1);
  assert.match(
    shim.stderr,
    /node_modules\/\.bin\/tsc is not a native binary for this machine \(a script \(#!\), not a native binary\)/,
  );
});
