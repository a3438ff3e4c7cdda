import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import {
  cpuId,
  cpuIdFromCpuinfo,
  cpuIdFromSysctl,
  cpuIdFromWindows,
  cpuIdText,
  flagsHash,
  microarchBanner,
  microarchOf,
  microarchWarnings,
} from './cpu-id.js';

const fixture = (name) => readFileSync(join(ROOT, 'test', 'fixtures', 'cpuinfo', name), 'utf8');
// Two hosts that both call themselves "AMD EPYC × 2": Zen 4 (family 25 model 17) and Zen 5 (family 26 model 2).
const ZEN4 = fixture('amd-epyc-f25-m17.txt');
const ZEN5 = fixture('amd-epyc-f26-m2.txt');

test('x86 /proc/cpuinfo gives vendor, decimal family, model, stepping, microcode and a flags hash', () => {
  const c = cpuIdFromCpuinfo(ZEN4);
  assert.deepEqual(
    { ...c, flags_sha256: typeof c.flags_sha256 },
    {
      vendor: 'AuthenticAMD',
      family: '25',
      model: '17',
      stepping: '1',
      microcode: '0x1000065',
      flags_sha256: 'string',
      source: '/proc/cpuinfo',
    },
  );
  assert.match(/** @type {string} */ (c.flags_sha256), /^[0-9a-f]{16}$/);
  // "model name: AMD EPYC" is not read as the model number.
  assert.equal(cpuIdFromCpuinfo(ZEN5).model, '2');
  assert.equal(cpuIdFromCpuinfo(ZEN5).family, '26');
});

test('the flags hash ignores order and repeats, and changes with a flag', () => {
  assert.equal(flagsHash('sse2 avx2 fpu'), flagsHash(' fpu  avx2 sse2 avx2'));
  assert.notEqual(flagsHash('sse2 avx2 fpu'), flagsHash('sse2 avx2 fpu avx512f'));
  assert.equal(flagsHash(''), null);
});

test('arm64 /proc/cpuinfo gives implementer, architecture, part and variant/revision', () => {
  assert.deepEqual(cpuIdFromCpuinfo(fixture('arm64-neoverse-n1.txt')), {
    vendor: '0x41',
    family: '8',
    model: '0xd0c',
    stepping: '0x3/1',
    microcode: null,
    flags_sha256: flagsHash(
      'fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs',
    ),
    source: '/proc/cpuinfo',
  });
});

test('macOS sysctl and Windows PROCESSOR_IDENTIFIER give what they have, null for the rest', () => {
  const intelMac = [
    'machdep.cpu.vendor: GenuineIntel',
    'machdep.cpu.family: 6',
    'machdep.cpu.model: 158',
    'machdep.cpu.stepping: 10',
    'machdep.cpu.microcode_version: 240',
    'machdep.cpu.features: FPU VME SSE2',
    'hw.cpufamily: 260141638',
  ].join('\n');
  const mac = cpuIdFromSysctl(intelMac);
  assert.equal(microarchOf({ cpu: mac }), 'GenuineIntel family 6 model 158 stepping 10');
  assert.equal(mac.microcode, '240');
  assert.equal(mac.flags_sha256, flagsHash('fpu vme sse2'));
  const appleSilicon = cpuIdFromSysctl('hw.cpufamily: 3660830781\nhw.cpusubfamily: 2\n');
  assert.deepEqual([appleSilicon.vendor, appleSilicon.family, appleSilicon.model], ['Apple', '3660830781', '2']);
  const win = cpuIdFromWindows('Intel64 Family 6 Model 158 Stepping 10, GenuineIntel');
  assert.equal(microarchOf({ cpu: win }), 'GenuineIntel family 6 model 158 stepping 10');
  assert.equal(win.microcode, null);
  // Nothing readable: every field null and no error.
  assert.equal(microarchOf({ cpu: cpuIdFromWindows(undefined) }), null);
  assert.equal(cpuId({ platform: 'win32', env: {} }).source, 'PROCESSOR_IDENTIFIER unset or unrecognised');
  assert.equal(cpuId({ platform: 'linux', readCpuinfo: () => null }).family, null);
  assert.equal(cpuId({ platform: 'darwin', sysctl: () => null }).source, 'sysctl unreadable');
});

const doc = (cpuinfo) => ({
  fingerprint: { cpu_model: 'AMD EPYC', cores: 2, ...(cpuinfo ? { cpu: cpuIdFromCpuinfo(cpuinfo) } : {}) },
});

test('files from two microarchitectures that share a CPU name are warned about loudly', () => {
  const w = microarchWarnings([
    { name: 'A', doc: doc(ZEN4) },
    { name: 'B', doc: doc(ZEN5) },
  ]);
  assert.equal(w.length, 1);
  assert.match(
    w[0],
    /^DIFFERENT MICROARCHITECTURES: A ran on AuthenticAMD family 25 model 17 stepping 1, B ran on AuthenticAMD family 26 model 2 stepping 1/,
  );
  assert.match(microarchBanner(w), /^!{72}\nparity: WARNING: DIFFERENT/);
});

test('one microarchitecture is silent; an old file without one is named unknown, not an error', () => {
  assert.deepEqual(
    microarchWarnings([
      { name: 'A', doc: doc(ZEN4) },
      { name: 'B', doc: doc(ZEN4) },
    ]),
    [],
  );
  const old = microarchWarnings([
    { name: 'A', doc: doc(null) },
    { name: 'B', doc: doc(ZEN4) },
  ]);
  assert.deepEqual(old, [
    'microarchitecture unknown for A (the file does not record it); the other ran on AuthenticAMD family 25 model 17 stepping 1',
  ]);
  assert.match(microarchBanner(old), /^parity: note: /);
  assert.deepEqual(
    microarchWarnings([
      { name: 'A', doc: doc(null) },
      { name: 'B', doc: doc(null) },
    ]),
    [],
  );
  assert.equal(cpuIdText(doc(null).fingerprint), 'family, model and stepping not recorded');
});

test('new microcode on one microarchitecture is a note, not the loud warning', () => {
  const patched = ZEN4.replaceAll('0x1000065', '0x1000066');
  const w = microarchWarnings([
    { name: 'A', doc: doc(ZEN4) },
    { name: 'B', doc: doc(patched) },
  ]);
  assert.equal(w.length, 1);
  assert.match(w[0], /^same microarchitecture, but the CPU's microcode or flags differ/);
});
