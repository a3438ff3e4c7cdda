// End-to-end tests of the orchestrator on fixture workloads (test/fixtures/suites), on every runtime.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { ROOT } from '../paths.js';
import { readResults, validateResults } from '../results/file.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const ORCH = join(ROOT, 'lib', 'run', 'cli.js');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'suites');
const RUNTIMES = ['node', 'deno', 'bun'];
const tmp = () => mkdtempSync(join(tmpdir(), 'parity-orch-'));

function orchestrate(args, env = {}) {
  return spawnSync(NODE, [ORCH, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
}

describe('a run over the fault and sanity fixtures on node, deno and bun', () => {
  let doc;
  let proc;
  const out = join(tmp(), 'fixtures.json');
  before(() => {
    proc = orchestrate([
      'run',
      '--runtimes',
      RUNTIMES.join(','),
      '--suites-dir',
      FIXTURES,
      '--suite',
      'faults,sane',
      '--quick',
      '--rounds',
      '1',
      '--timeout',
      '8',
      '--mem-cap',
      '300',
      '--out',
      out,
    ]);
    doc = JSON.parse(readFileSync(out, 'utf8'));
  });
  const rowOf = (runtime, id) => doc.results.find((r) => r.runtime === runtime && `${r.suite}/${r.workload}` === id);

  test('the run goes on past every failure and exits 0', () => {
    assert.equal(proc.status, 0, proc.stderr);
    assert.equal(doc.complete, true);
  });

  test('the results file validates against the schema', () => {
    assert.deepEqual(validateResults(doc), []);
  });

  const expected = {
    'faults/throws': 'error',
    'faults/drifts': 'error',
    'faults/wrong': 'error',
    'faults/wrong-later': 'error',
    'faults/hangs': 'timeout',
    'faults/exits': 'crash',
    'faults/over-cap': 'oom',
    'faults/unsupported': 'unsupported',
    'sane/alloc-200mb': 'ok',
    'sane/burn-1s': 'ok',
    'sane/sleep-1s': 'ok',
  };
  for (const runtime of RUNTIMES) {
    test(`${runtime}: every fixture ends with its expected status`, () => {
      for (const [id, status] of Object.entries(expected)) {
        const r = rowOf(runtime, id);
        assert.ok(r, `no row for ${id}`);
        assert.equal(r.status, status, `${id}: ${r.error}`);
      }
    });

    test(`${runtime}: a wrong answer is an error from verify, not a result`, () => {
      const r = rowOf(runtime, 'faults/wrong');
      assert.equal(r.phase, 'verify');
      assert.match(r.error, /expected 2, got 3/);
      assert.equal(r.throughput, null);
    });

    test(`${runtime}: a workload right only on its first call is an error after the timed samples`, () => {
      const r = rowOf(runtime, 'faults/wrong-later');
      assert.equal(r.phase, 'verify-after');
      assert.match(r.error, /expected 2, got 3/);
    });

    test(`${runtime}: a workload whose work per call changes is an error, not a throughput`, () => {
      const r = rowOf(runtime, 'faults/drifts');
      assert.equal(r.phase, 'verify-after');
      assert.match(r.error, /expected the same every call/);
    });

    test(`${runtime}: an unsupported workload names what is missing`, () => {
      assert.match(rowOf(runtime, 'faults/unsupported').error, /NoSuchGlobalApi, node:no-such-module/);
    });

    test(`${runtime}: the 200 MB workload reports a peak RSS of at least 200 MB`, () => {
      assert.ok(rowOf(runtime, 'sane/alloc-200mb').rss_peak_bytes >= 200e6);
    });

    test(`${runtime}: a 1 s CPU burner reports 0.7–1.6 s of CPU`, () => {
      const { user, sys } = rowOf(runtime, 'sane/burn-1s').cpu_ms;
      assert.ok(user + sys >= 700 && user + sys <= 1600, `cpu ${user + sys} ms`);
    });

    test(`${runtime}: a 1 s sleep shows wall time well above its CPU time`, () => {
      const r = rowOf(runtime, 'sane/sleep-1s');
      assert.ok(r.wall_ms >= 1000, `wall ${r.wall_ms}`);
      assert.ok(r.cpu_ms.user + r.cpu_ms.sys < r.wall_ms / 2, `cpu ${JSON.stringify(r.cpu_ms)} wall ${r.wall_ms}`);
    });

    test(`${runtime}: each failure carries a repro command for its runtime`, () => {
      assert.match(rowOf(runtime, 'faults/throws').repro, new RegExp(`runners/${runtime}/bench\\.js`));
    });
  }

  test('jobs ran interleaved: each workload on node, deno and bun back to back, in the recorded order', () => {
    const order = doc.results.map((r) => r.runtime);
    for (let i = 0; i < order.length; i += 3) assert.deepEqual([...order.slice(i, i + 3)].sort(), [...RUNTIMES].sort());
    assert.ok(Number.isInteger(doc.options.order_seed), 'the order seed is recorded');
  });

  test('the runtimes and fingerprint are recorded', () => {
    assert.deepEqual(
      doc.runtimes.map((r) => r.id),
      RUNTIMES,
    );
    for (const r of doc.runtimes) assert.match(r.version, /^v\d+\./);
    assert.ok(doc.fingerprint.cores >= 1 && doc.fingerprint.loadavg_end.length === 3);
  });

  test('the printed table shows every status', () => {
    for (const s of ['timeout', 'crash', 'oom', 'unsupported', 'error']) assert.match(proc.stdout, new RegExp(s));
  });
});

describe('bad input', () => {
  test('an unknown runtime is one line listing the valid ids, exit 2', () => {
    const r = orchestrate(['run', '--runtimes', 'nodejs']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /Unknown runtime "nodejs": valid ids are node, node@22, .*deno, bun/);
  });

  test('an unknown suite is one line listing the valid suites, exit 2', () => {
    const r = orchestrate(['run', '--runtimes', 'node', '--suite', 'nope']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown suite "nope": valid suites are .*math/);
  });

  test('a non-numeric round count is rejected', () => {
    const r = orchestrate(['run', '--runtimes', 'node', '--rounds', 'many']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Invalid --rounds "many": expected a positive number/);
  });

  test('a results file that does not match the schema is rejected by table', () => {
    const file = join(tmp(), 'bad.json');
    writeFileSync(file, '{"schema":"other"}');
    const r = orchestrate(['table', file]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /is not a parity results file/);
  });

  test('a runtime whose binary is missing is recorded as an error and the run goes on', () => {
    const dir = tmp();
    const registry = JSON.parse(readFileSync(join(ROOT, 'runners', 'runtimes.json'), 'utf8'));
    registry.runtimes.ghost = { kind: 'node', package: 'ghost', bin: 'node_modules/ghost/bin/node' };
    writeFileSync(join(dir, 'registry.json'), JSON.stringify(registry));
    const out = join(dir, 'r.json');
    const args = ['run', '--runtimes', 'ghost,node', '--suites-dir', FIXTURES, '--suite', 'faults'];
    const r = orchestrate([...args, '--workload', 'throws', '--quick', '--rounds', '1', '--out', out], {
      PARITY_REGISTRY: join(dir, 'registry.json'),
    });
    assert.equal(r.status, 0, r.stderr);
    const rows = readResults(out).results;
    assert.equal(rows.length, 2);
    assert.match(rows.find((x) => x.runtime === 'ghost').error, /not found; install with: make setup/);
    assert.equal(rows.find((x) => x.runtime === 'node').status, 'error'); // the fixture's own failure
  });
});

test('Ctrl-C keeps the finished jobs in a valid results file and exits 130', async () => {
  const out = join(tmp(), 'interrupted.json');
  const args = [
    ORCH,
    'run',
    '--runtimes',
    'node',
    '--suites-dir',
    FIXTURES,
    '--suite',
    'sane',
    '--workload',
    'burn-1s',
  ];
  const child = spawn(NODE, [...args, '--quick', '--rounds', '3', '--out', out], { cwd: ROOT });
  let signalSent = false;
  let stderr = '';
  const code = await new Promise((resolve) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      // One Ctrl-C only: a second one is a user's "really quit" and takes the default action.
      if (stderr.includes('[1/3]') && !signalSent) {
        signalSent = true;
        child.kill('SIGINT');
      }
    });
    child.on('close', resolve);
  });
  assert.equal(code, 130, stderr);
  const doc = readResults(out);
  assert.equal(doc.interrupted, true);
  assert.equal(doc.complete, false);
  assert.equal(doc.results.length, 1);
  assert.equal(doc.results[0].status, 'ok');
});

test('a job whose child ignores SIGTERM and holds stdout ends at its timeout, and no process is left', () => {
  const dir = tmp();
  const pidfile = join(dir, 'pid');
  const out = join(dir, 'hang.json');
  const t0 = Date.now();
  const args = ['run', '--runtimes', 'node', '--suites-dir', FIXTURES, '--suite', 'hang', '--rounds', '1'];
  const r = orchestrate([...args, '--timeout', '3', '--out', out], { PARITY_TEST_PIDFILE: pidfile });
  const seconds = (Date.now() - t0) / 1000;
  assert.equal(r.status, 0, r.stderr);
  const row = JSON.parse(readFileSync(out, 'utf8')).results[0];
  assert.equal(row.status, 'timeout', row.error);
  assert.ok(row.wall_ms < 5000, `the job took ${row.wall_ms} ms with a 3 s timeout`);
  assert.ok(seconds < 3 + 2 + 4, `the whole run took ${seconds} s`); // + start-up and probing
  const pid = Number(readFileSync(pidfile, 'utf8'));
  assert.ok(pid > 0);
  // A killed process may linger a moment as a zombie until init reaps it: that is not alive.
  const state = existsSync(`/proc/${pid}/stat`)
    ? readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]
    : 'gone';
  assert.ok(state === 'gone' || state === 'Z', `the job's child ${pid} is still alive (state ${state})`);
});
