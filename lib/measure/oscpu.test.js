import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseProcStat, procSelfCpu } from './oscpu.js';

test('parseProcStat reads utime and stime after a command name with spaces and parentheses', () => {
  const line = '4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 75 0 0 20 0 9 0 100 1000000 500';
  assert.deepEqual(parseProcStat(line), { user_ms: 2500, sys_ms: 750 });
});

test('this process reads its own CPU from /proc and it advances while spinning', () => {
  const cpu = procSelfCpu();
  assert.ok(cpu, 'Linux has /proc/self/stat');
  const a = cpu.read();
  const end = performance.now() + 150;
  while (performance.now() < end);
  const b = cpu.read();
  const spent = b.user_ms + b.sys_ms - (a.user_ms + a.sys_ms);
  assert.ok(spent >= 50 && spent <= 400, `${spent} ms of CPU for a 150 ms spin`);
});
