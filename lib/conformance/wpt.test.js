import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../paths.js';
import { processDriver } from '../runtimes/drivers/process.js';
import { resolveRuntime, scriptLine } from '../runtimes/registry.js';
import { findHarness, pool, runWpt, wptArgv } from './wpt.js';
import {
  discover,
  folderOf,
  NA_KINDS,
  notApplicableFrom,
  parseMeta,
  runsOutsideWindow,
  scriptPaths,
} from './wpt-discover.js';

const MINI = join(ROOT, 'conformance', 'fixtures', 'wpt-mini');

test('parseMeta reads global, script, timeout and variant lines and stops at code', () => {
  const meta = parseMeta(
    '// META: global=window,worker\n// META: script=/a.js\n// META: script=b.js\n// META: timeout=long\n\ntest(() => {});\n// META: script=late.js\n',
  );
  assert.deepEqual(meta.global, ['window', 'worker']);
  assert.deepEqual(meta.script, ['/a.js', 'b.js']);
  assert.equal(meta.timeout, 'long');
  assert.deepEqual(meta.variant, []);
});

test('files run when their globals include a worker or shell scope; a ShadowRealm-only file is its own kind', () => {
  assert.equal(runsOutsideWindow(null), true, 'default is window + dedicatedworker');
  assert.equal(runsOutsideWindow(['window', 'worker']), true);
  assert.equal(runsOutsideWindow(['window', 'shadowrealm-in-window']), false);
  assert.equal(runsOutsideWindow(['jsshell']), true);
  assert.equal(runsOutsideWindow(['window']), false);
  const meta = (global) => ({ global, script: [], variant: [], timeout: null, title: null });
  assert.equal(notApplicableFrom('x/a.any.js', meta(['shadowrealm']))?.kind, 'shadowrealm');
  assert.equal(notApplicableFrom('x/a.any.js', meta(['window', 'shadowrealm-in-window']))?.kind, 'window');
  assert.equal(notApplicableFrom('x/a.any.js', meta(['dedicatedworker', 'shadowrealm'])), null);
  assert.equal(notApplicableFrom('x/a.sub.any.js', meta(null))?.kind, 'server');
  assert.equal(notApplicableFrom('x/a-manual.any.js', meta(null))?.kind, 'window');
  for (const na of [['x/a.window.js'], ['x/a.html'], ['x/crashtests/a.js']].map(([f]) => notApplicableFrom(f, null)))
    assert.ok(na && Object.hasOwn(NA_KINDS, na.kind), JSON.stringify(na));
});

test('folderOf names the top-level folder, or the file for tests at the suite root', () => {
  assert.equal(folderOf('streams/piping/abort.any.js'), 'piping');
  assert.equal(folderOf('streams/readable-streams/crashtests/empty.js'), 'readable-streams');
  assert.equal(folderOf('streams/queuing-strategies.any.js'), 'queuing-strategies');
});

test('discover accounts for every test file: run, or not applicable with a reason', () => {
  const { tests, notApplicable, helpers } = discover(MINI, ['mini']);
  assert.deepEqual(
    tests.map((t) => t.file),
    [
      'async-throw.any',
      'expectations.any',
      'fail.any',
      'global.any',
      'idl-eval.any',
      'importer.worker',
      'pass.any',
      'reject.any',
      'script.any',
      'throws.any',
      'timeout.any',
      'unhandled.any',
    ].map((n) => `mini/${n}.js`),
  );
  assert.deepEqual(
    notApplicable.map((n) => [n.file, n.kind, n.reason]),
    [
      ['mini/page.html', 'window', 'document test (needs a browser window)'],
      ['mini/window-only.any.js', 'window', 'window-only (META global=window)'],
    ],
  );
  assert.deepEqual(helpers, ['mini/helper-local.js']);
});

test('discover names the valid folders when asked for one that does not exist', () => {
  assert.throws(() => discover(MINI, ['nope']), /WPT folder "nope" not found .*valid folders are .*mini/);
});

test('META script paths resolve from the WPT root or the test folder', () => {
  const [test] = discover(MINI, ['mini']).tests.filter((t) => t.file === 'mini/script.any.js');
  assert.deepEqual(scriptPaths(MINI, test), [join(MINI, 'resources/helper.js'), join(MINI, 'mini/helper-local.js')]);
});

test('testharness.js comes from the wpt-runner package when the checkout has none', () => {
  assert.equal(findHarness(MINI), join(ROOT, 'node_modules', 'wpt-runner', 'testharness', 'testharness.js'));
});

// What every runtime must report for the fixture files; outcomes come from testharness.js itself.
const EXPECTED = {
  'mini/pass.any.js > sync test passes': 'pass',
  'mini/pass.any.js > async_test passes': 'pass',
  'mini/pass.any.js > promise_test passes': 'pass',
  'mini/fail.any.js > failing assert': 'fail',
  'mini/fail.any.js > passing neighbour': 'pass',
  'mini/reject.any.js > promise_test that rejects': 'fail',
  'mini/timeout.any.js > async_test that never finishes': 'timeout',
  'mini/timeout.any.js > quick test in a timing-out file': 'pass',
  'mini/throws.any.js > test defined before the throw': 'pass',
  'mini/throws.any.js > (harness)': 'error',
  'mini/unhandled.any.js > test running while a rejection goes unhandled': 'pass',
  'mini/unhandled.any.js > (harness)': 'error',
  'mini/async-throw.any.js > test running while a timer throws': 'pass',
  'mini/async-throw.any.js > (harness)': 'error',
  'mini/script.any.js > absolute META script include ran first': 'pass',
  'mini/script.any.js > relative META script include ran first': 'pass',
  'mini/importer.worker.js > importScripts loads from the test folder and the WPT root': 'pass',
  'mini/global.any.js > the global is one idlharness.js can classify': 'pass',
  "mini/idl-eval.any.js > idlharness.js's eval evaluates an object description in the global scope": 'pass',
  'mini/expectations.any.js > listed failure that fails': 'expected-fail',
  'mini/expectations.any.js > listed failure that passes': 'unexpected-pass',
};
const MINI_EXPECTATIONS = {
  'mini/expectations.any.js': {
    kind: 'bug',
    fail: { note: 'fixture', expected: ['listed failure that fails', 'listed failure that passes', 'never reported'] },
  },
};

describe('the WPT runner on known-outcome fixture files', () => {
  const { tests } = discover(MINI, ['mini']);
  for (const id of ['node', 'deno', 'bun', 'workerd']) {
    const rt = resolveRuntime(id);
    test(`${id} reports every fixture outcome as testharness.js saw it`, { skip: rt.missing ?? false }, async () => {
      // 0.1 turns WPT's 10 s file timeout into 1 s so the timing-out fixture stays quick.
      const results = await runWpt({
        runtimes: [rt],
        wptRoot: MINI,
        tests,
        expectations: { [id]: MINI_EXPECTATIONS },
        multiplier: 0.1,
      });
      const got = Object.fromEntries(results.flatMap((r) => r.rows).map((r) => [r.name, r.status]));
      assert.deepEqual(got, EXPECTED);
      const rows = results.flatMap((r) => r.rows);
      assert.match(rows.find((r) => r.name === 'mini/fail.any.js > failing assert').detail, /one is not two/);
      assert.match(rows.find((r) => r.name === 'mini/throws.any.js > (harness)').detail, /thrown at top level/);
      assert.match(rows.find((r) => r.name === 'mini/async-throw.any.js > (harness)').detail, /thrown from a timer/);
      assert.deepEqual(results.find((r) => r.test.file === 'mini/expectations.any.js').stale, ['never reported']);
      // An expected failure carries the kind of the entry that expects it.
      assert.equal(rows.find((r) => r.name === 'mini/expectations.any.js > listed failure that fails').kind, 'bug');
      for (const r of rows) assert.equal(r.runtime, id);
    });
  }

  // Deno keeps localStorage on disk, one store per --location or deno.json, and node in the file
  // --localstorage-file names: without a store of their own, two files running at once, or a file
  // and an earlier run, would see each other's keys (and node would have no localStorage at all).
  for (const id of ['deno', 'node', 'node@22', 'node@24']) {
    const rt = resolveRuntime(id);
    test(`${id}: each file has a localStorage of its own, beside another file and in a second run`, {
      skip: rt.missing ?? false,
    }, async () => {
      const storage = discover(MINI, ['storage']).tests;
      for (let run = 0; run < 2; run++) {
        const results = await runWpt({
          runtimes: [rt],
          wptRoot: MINI,
          tests: storage,
          expectations: {},
          concurrency: 2,
        });
        const rows = results.flatMap((r) => r.rows);
        assert.equal(rows.length, 2);
        for (const r of rows) assert.equal(r.status, 'pass', `run ${run + 1}: ${r.name}: ${r.detail}`);
      }
    });
  }

  test("node's WPT processes get a localStorage file in their own folder, and --experimental-webstorage before 25.0.0; its benchmark jobs neither", () => {
    const rt = resolveRuntime('node');
    const job = { file: 'webstorage/set.window.js' };
    const hostAt = (argv) => argv.indexOf(rt.wpt);
    const file = '--localstorage-file=/tmp/j1/localstorage';
    /** @type {[string, string[]][]} */
    const cases = [
      ['26.10.0', [file]],
      ['24.21.0', [file, '--experimental-webstorage']],
      ['22.23.3', [file, '--experimental-webstorage']],
      ['22.3.0', []],
    ];
    for (const [version, flags] of cases) {
      const argv = wptArgv(rt, job, '/tmp/j1', version);
      assert.deepEqual(argv.slice(0, hostAt(argv)), [...rt.args, ...flags], `node ${version}`);
      assert.deepEqual(argv.slice(hostAt(argv) + 1), [JSON.stringify(job)]);
    }
    const bench = processDriver.repro({ runtime: rt }, { workload: 'json/parse' });
    assert.doesNotMatch(bench, /--localstorage-file|--experimental-webstorage/);
    assert.doesNotMatch(scriptLine(rt, 'app.js')?.join(' ') ?? '', /--localstorage-file|--experimental-webstorage/);
    // Deno's per-file store is its environment (wpt_env): its WPT argv is its benchmark argv's.
    const deno = resolveRuntime('deno');
    const denoArgv = wptArgv(deno, job, '/tmp/j1', null);
    assert.deepEqual(denoArgv.slice(0, denoArgv.indexOf(deno.wpt)), deno.args);
  });

  test('a skip expectation keeps the file from running and keeps its reason', async () => {
    const rt = resolveRuntime('node');
    const results = await runWpt({
      runtimes: [rt],
      wptRoot: MINI,
      tests: tests.filter((t) => t.file === 'mini/pass.any.js'),
      expectations: { node: { 'mini/*.any.js': { skip: 'fixture skip' } } },
    });
    assert.equal(results[0].skipped, 'fixture skip');
    assert.deepEqual(results[0].rows, []);
  });
});

test('pool: at most `limit` tasks at once, results in order, and two tasks of one key never together', async () => {
  const live = new Map();
  let most = 0;
  const overlaps = [];
  const task = (key, ms, value) => async () => {
    if (live.get(key)) overlaps.push(key);
    live.set(key, (live.get(key) ?? 0) + 1);
    most = Math.max(
      most,
      [...live.values()].reduce((a, b) => a + b, 0),
    );
    await new Promise((r) => setTimeout(r, ms));
    live.set(key, live.get(key) - 1);
    return value;
  };
  const keys = ['a', 'a', 'a', 'b', 'b', 'c'];
  const tasks = keys.map((k, i) => task(k, 5 + (i % 3) * 5, i));
  assert.deepEqual(await pool(tasks, 2, keys), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(overlaps, [], 'a key ran twice at once');
  assert.equal(most, 2, 'two tasks of different keys run together');
  // Without keys, the same tasks do overlap: the test can tell the two apart.
  overlaps.length = 0;
  await pool(
    keys.map((k, i) => task(k, 5 + (i % 3) * 5, i)),
    2,
  );
  assert.ok(overlaps.length > 0);
});
