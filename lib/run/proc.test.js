import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTimeOutput, runMeasured, spawnJsonLines } from './proc.js';

test('parseTimeOutput reads user, sys, max RSS and exit code', () => {
  assert.deepEqual(parseTimeOutput('1.25 0.50 204800 0\n'), {
    cpu_ms: { user: 1250, sys: 500 },
    rss_peak_bytes: 204800 * 1024,
    exit_code: 0,
    signal_number: null,
  });
});

test('parseTimeOutput reports the signal of a killed command', () => {
  const r = parseTimeOutput('Command terminated by signal 9\n0.10 0.02 5000 0\n');
  assert.ok(r);
  assert.equal(r.signal_number, 9);
  assert.equal(r.exit_code, null);
});

test('runMeasured reports a non-zero exit code and the command output', async () => {
  const r = await runMeasured({ bin: '/bin/sh', args: ['-c', 'echo hi; exit 3'], timeoutMs: 5000, memCapBytes: 0 });
  assert.equal(r.exit_code, 3);
  assert.equal(r.stdout.trim(), 'hi');
  assert.equal(r.killed_for, null);
});

test('runMeasured kills a command that outlives its timeout', async () => {
  const r = await runMeasured({ bin: '/bin/sleep', args: ['30'], timeoutMs: 300, memCapBytes: 0 });
  assert.equal(r.killed_for, 'timeout');
  assert.equal(r.signal, 'SIGKILL');
  assert.ok(r.wall_ms < 10_000);
});

test('spawnJsonLines gathers the lines a process writes to the path it is given', async () => {
  const r = await spawnJsonLines({
    bin: '/bin/sh',
    argsFor: (out) => ['-c', `echo '{"a":1}' > "${out}"; echo '{"b":2}' >> "${out}"; exit 4`],
    timeoutMs: 5000,
  });
  assert.deepEqual(r.lines, [{ a: 1 }, { b: 2 }]);
  assert.equal(r.code, 4);
  assert.equal(r.killed, false);
});

test('spawnJsonLines kills a process that outlives its time and keeps what it wrote', async () => {
  const r = await spawnJsonLines({
    bin: '/bin/sh',
    argsFor: (out) => ['-c', `echo '{"a":1}' > "${out}"; sleep 30`],
    timeoutMs: 300,
  });
  assert.equal(r.killed, true);
  assert.deepEqual(r.lines, [{ a: 1 }]);
});
