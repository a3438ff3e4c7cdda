import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuModel, fingerprint, smtOf, vmOf } from './fingerprint.js';

const X86 = 'processor\t: 0\nmodel name\t: AMD EPYC 7763 64-Core Processor\nflags\t\t: fpu sse2 hypervisor avx2\n';

test('the CPU model is the exact /proc/cpuinfo model name, with a fallback where there is none', () => {
  assert.equal(cpuModel(X86), 'AMD EPYC 7763 64-Core Processor');
  assert.equal(cpuModel('Hardware\t: BCM2835\n'), 'BCM2835');
  assert.equal(cpuModel(null, 'Apple M2'), 'Apple M2');
});

test('SMT from the kernel switch, else from the siblings of cpu0', () => {
  const files = (m) => (p) => m[p] ?? null;
  assert.deepEqual(
    smtOf(
      files({
        '/sys/devices/system/cpu/smt/active': '1',
        '/sys/devices/system/cpu/cpu0/topology/thread_siblings_list': '0,64',
      }),
    ),
    { active: true, threads_per_core: 2, source: '/sys/devices/system/cpu/smt/active' },
  );
  assert.deepEqual(smtOf(files({ '/sys/devices/system/cpu/cpu0/topology/thread_siblings_list': '0-1' })), {
    active: true,
    threads_per_core: 2,
    source: 'cpu0 thread_siblings_list',
  });
  assert.equal(smtOf(files({})).active, null);
});

test('a virtual machine is seen by the hypervisor flag, Xen or the DMI vendor, and unknown without evidence', () => {
  const none = () => null;
  assert.deepEqual(vmOf(X86, none), { detected: true, evidence: 'cpu flag hypervisor' });
  assert.equal(vmOf('flags\t: fpu sse2\n', none).detected, false);
  assert.equal(vmOf(null, (p) => (p.endsWith('sys_vendor') ? 'QEMU' : null)).detected, true);
  assert.equal(vmOf(null, none).detected, null);
});

test("this machine's fingerprint names the CPU model, SMT and VM", () => {
  const f = fingerprint();
  assert.ok(f.cpu_model && f.cpu_model !== 'unknown');
  assert.ok('active' in f.smt && typeof f.smt.source === 'string');
  assert.ok('detected' in f.vm && typeof f.vm.evidence === 'string');
});
