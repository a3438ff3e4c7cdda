import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { outsideMeasurement, parseBsdTimeOutput, parseTimeOutput, runMeasured, spawnJsonLines } from './proc.js';

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

test('macOS: BSD time -l output gives user and sys CPU and max RSS in bytes', () => {
  // Recorded from /usr/bin/time -l on macOS 14 (arm64).
  const text = `        0.53 real         0.41 user         0.08 sys
            52903936  maximum resident set size
                   0  average shared memory size
                   0  average unshared data size
                   0  average unshared stack size
                3342  page reclaims
                   0  page faults
                   0  swaps
                   0  block input operations
                   0  block output operations
                   0  messages sent
                   0  messages received
                   0  signals received
                   0  voluntary context switches
                  95  involuntary context switches
          4829043515  instructions retired
          1601391564  cycles elapsed
            41796288  peak memory footprint
`;
  assert.deepEqual(parseBsdTimeOutput(text), { cpu_ms: { user: 410, sys: 80 }, rss_peak_bytes: 52903936 });
  assert.equal(parseBsdTimeOutput('garbage'), null);
});

test('each platform names its outside measurement and what it cannot measure', () => {
  assert.deepEqual(outsideMeasurement('linux').unmeasured, []);
  assert.equal(outsideMeasurement('darwin').timer, 'bsd');
  assert.deepEqual(outsideMeasurement('darwin').unmeasured, ['memory cap', 'tree']);
  assert.equal(outsideMeasurement('win32').timer, null);
  assert.deepEqual(outsideMeasurement('win32').unmeasured, ['cpu_ms', 'rss_peak_bytes', 'memory cap', 'tree']);
});

test('without an outside timer (Windows) CPU and RSS are absent and named, never zero', async () => {
  const r = await runMeasured({
    bin: process.execPath,
    args: ['-e', 'process.stdout.write("hi"); process.exit(3)'],
    timeoutMs: 10_000,
    memCapBytes: 0,
    platform: 'win32',
  });
  assert.equal(r.stdout, 'hi');
  assert.equal(r.exit_code, 3);
  assert.equal(r.cpu_ms, null);
  assert.equal(r.rss_peak_bytes, null);
  assert.deepEqual(r.unmeasured, ['cpu_ms', 'rss_peak_bytes', 'memory cap', 'tree']);
});

/** Whether a pid is alive; a zombie waiting for init to reap it is not. */
function alive(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

test('a timed-out job whose child ignores SIGTERM and holds stdout ends at once, and the child is gone', async () => {
  const r = await runMeasured({
    bin: '/bin/sh',
    args: ['-c', `(trap '' TERM; exec sleep 30) & echo "$!"; wait`],
    timeoutMs: 500,
    memCapBytes: 0,
  });
  assert.equal(r.killed_for, 'timeout');
  assert.ok(r.wall_ms < 500 + 2000, `ended ${r.wall_ms} ms after its start with a 500 ms timeout`);
  const pid = Number(r.stdout.trim());
  assert.ok(pid > 0, r.stdout);
  assert.equal(alive(pid), false, `the job's child ${pid} is still alive`);
});

test('a job that exits while a grandchild holds its stdout is not waited for, and the grandchild is killed', async () => {
  const r = await runMeasured({
    bin: '/bin/sh',
    args: ['-c', `(trap '' TERM; exec sleep 30) & echo "$!"; exit 0`],
    timeoutMs: 20_000,
    memCapBytes: 0,
  });
  assert.equal(r.killed_for, null);
  assert.equal(r.exit_code, 0);
  assert.ok(r.wall_ms < 2000, `the result waited ${r.wall_ms} ms for a pipe a straggler held`);
  const pid = Number(r.stdout.trim());
  assert.equal(alive(pid), false, `the straggler ${pid} is still alive`);
});
