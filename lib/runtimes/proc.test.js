import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runMeasured, spawnJsonLines } from './proc.js';

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

test('spawnJsonLines gives the process a folder of its own through env, removed when it ends', async () => {
  let seen = '';
  const r = await spawnJsonLines({
    bin: '/bin/sh',
    argsFor: (out) => ['-c', `echo "{\\"own\\":\\"$OWN\\"}" > "${out}"; touch "$OWN/state"`],
    env: (dir) => {
      seen = dir;
      return { ...process.env, OWN: dir };
    },
    timeoutMs: 5000,
  });
  assert.deepEqual(r.lines, [{ own: seen }]);
  assert.equal(r.code, 0);
  assert.equal(existsSync(seen), false);
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
