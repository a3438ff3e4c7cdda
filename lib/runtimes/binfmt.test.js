import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import { identify, identifyFile, nativeProblem } from './binfmt.js';

const { headers } = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'binary-headers.json'), 'utf8'));
const head = (/** @type {string} */ k) => Buffer.from(headers[k].hex, 'hex');

test('recorded headers of real binaries are identified as file(1) identifies them', () => {
  assert.deepEqual(identify(head('mach-o-arm64')), { format: 'mach-o', arch: ['arm64'] });
  assert.deepEqual(identify(head('mach-o-x64')), { format: 'mach-o', arch: ['x64'] });
  assert.deepEqual(identify(head('pe-x64')), { format: 'pe', arch: ['x64'] });
  assert.deepEqual(identify(head('elf-arm64')), { format: 'elf', arch: ['arm64'] });
  assert.deepEqual(identify(head('elf-x64')), { format: 'elf', arch: ['x64'] });
});

test('each recorded binary is native on its own leg and refused on every other', () => {
  const legs = {
    'mach-o-arm64': { platform: 'darwin', arch: 'arm64' },
    'mach-o-x64': { platform: 'darwin', arch: 'x64' },
    'pe-x64': { platform: 'win32', arch: 'x64' },
    'elf-arm64': { platform: 'linux', arch: 'arm64' },
    'elf-x64': { platform: 'linux', arch: 'x64' },
  };
  for (const [k, host] of Object.entries(legs)) {
    assert.equal(nativeProblem(identify(head(k)), host), null, k);
    for (const [other, h] of Object.entries(legs))
      if (other !== k) assert.ok(nativeProblem(identify(head(k)), h), `${k} on ${other}`);
  }
  // The Rosetta case: an x64 Mac build on an arm64 Mac runs, but emulated.
  assert.match(
    nativeProblem(identify(head('mach-o-x64')), legs['mach-o-arm64']) ?? '',
    /built for x64, but this machine is arm64/,
  );
});

test('npm shims and other non-binaries are refused with the reason', () => {
  const text = (/** @type {string} */ s) => identify(Buffer.from(s, 'latin1'));
  // The first lines of what npm's cmd-shim writes into node_modules/.bin on Windows.
  assert.deepEqual(text('@ECHO off\r\nGOTO start\r\n:find_dp0\r\n'), {
    format: null,
    reason: 'a Windows batch shim, not a native binary',
  });
  assert.match(/** @type {any} */ (text('#!/usr/bin/env pwsh\n$basedir=')).reason, /script/);
  assert.match(/** @type {any} */ (text('#!/usr/bin/env node\nrequire("../lib/tsc.js")')).reason, /script/);
  assert.match(/** @type {any} */ (text('This file intentionally left blank')).reason, /not an ELF, Mach-O or PE/);
  assert.match(/** @type {any} */ (identify(Buffer.alloc(0))).reason, /empty/);
  // A Java class file shares Mach-O's universal magic; its version word gives it away.
  assert.equal(identify(Buffer.from('cafebabe00000041', 'hex')).format, null);
  // MZ without a PE header (a DOS stub), and a PE DLL, are not executables.
  const dos = Buffer.alloc(64);
  dos.write('MZ', 0, 'latin1');
  assert.match(/** @type {any} */ (identify(dos)).reason, /without a PE header/);
  const dll = Buffer.from(head('pe-x64'));
  dll.writeUInt16LE(dll.readUInt16LE(0x80 + 22) | 0x2000, 0x80 + 22);
  assert.match(/** @type {any} */ (identify(dll)).reason, /DLL/);
});

test('a universal Mach-O lists every slice (synthetic header laid out as in <mach-o/fat.h>)', () => {
  const fat = Buffer.alloc(8 + 2 * 20);
  fat.writeUInt32BE(0xcafebabe, 0);
  fat.writeUInt32BE(2, 4);
  fat.writeUInt32BE(0x01000007, 8);
  fat.writeUInt32BE(0x0100000c, 28);
  const info = identify(fat);
  assert.deepEqual(info, { format: 'mach-o', arch: ['x64', 'arm64'] });
  assert.equal(nativeProblem(info, { platform: 'darwin', arch: 'arm64' }), null);
});

test('identifyFile reads the pinned node here and names a missing file instead of throwing', () => {
  assert.deepEqual(identifyFile(join(ROOT, 'node_modules', 'node', 'bin', 'node')), {
    format: 'elf',
    arch: [process.arch],
  });
  assert.match(/** @type {any} */ (identifyFile('/nonexistent/deno.exe')).reason, /cannot open \(ENOENT\)/);
  assert.match(/** @type {any} */ (identifyFile(join(ROOT, 'node_modules', '.bin', 'tsc'))).reason, /script/);
});
