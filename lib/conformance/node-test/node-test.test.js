// make node-compat: fixture test files of known outcome (pass, fail, skip, timeout, crash, a
// `// Flags:` line, a node:test file, .mjs files) on node, deno and bun through the real runners,
// plus the pieces that judge, retry, group and table them.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { readConformanceRows, writeConformanceResults } from '../results.js';
import { discoverTests, prepareSuites } from './corpus.js';
import { crosscheck, parseJsonc } from './crosscheck.js';
import { expectationOf, judge, validateNodeTestExpectations } from './expectations.js';
import { failureGroups } from './groups.js';
import { invocationFor, kindNodeTest, parseEnv, parseFlags } from './invocation.js';
import { moduleOf } from './modules.js';
import { firstErrorLine, groupKey, outcomeOf } from './outcome.js';
import { nodeTestRows, runNodeTests, runnersFor, settle } from './run.js';

const FIXTURES = join(ROOT, 'conformance', 'fixtures', 'node-test', 'test');

/** What each fixture file must give on every runtime. */
const KNOWN = {
  'parallel/test-fixture-pass.js': 'pass',
  'parallel/test-fixture-fail.js': 'fail',
  'parallel/test-fixture-skip.js': 'skip',
  'parallel/test-fixture-timeout.js': 'timeout',
  'parallel/test-fixture-crash.js': 'crash',
  'parallel/test-fixture-flags.js': 'pass',
  'parallel/test-fixture-node-test.js': 'pass',
  'es-module/test-fixture-esm.mjs': 'pass',
  'es-module/test-fixture-esm-fail.mjs': 'fail',
};

test('fixture files give their known outcome on node, deno and bun, each in its own process', async () => {
  const runtimes = ['node', 'deno', 'bun'].map((id) => resolveRuntime(id));
  const tests = discoverTests({ testDir: FIXTURES, dirs: ['parallel', 'es-module'] });
  assert.deepEqual(tests.map((t) => t.file).sort(), Object.keys(KNOWN).sort());
  const runners = await runnersFor(runtimes);
  const suites = prepareSuites(FIXTURES, runners);
  // deno's copy has its package.json ({"type": "commonjs"}); node's and bun's have none.
  assert.equal(suites.roots.length, 2);
  assert.ok(existsSync(join(suites.forRuntime('deno').root, 'package.json')));
  assert.ok(!existsSync(join(suites.forRuntime('node').root, 'package.json')));
  let settled;
  try {
    settled = await runNodeTests({ runtimes, runners, tests, suites, expectations: {}, timeoutMs: 3000 });
  } finally {
    suites.remove();
  }
  const got = {};
  for (const r of settled.results) got[`${r.runtime} ${r.test.file}`] = r.rec.outcome;
  const want = {};
  for (const rt of runtimes) for (const [f, o] of Object.entries(KNOWN)) want[`${rt.id} ${f}`] = o;
  assert.deepEqual(got, want);
  const rows = nodeTestRows(settled.results);
  const skip = rows.filter((r) => r.file.endsWith('skip.js'));
  assert.ok(skip.every((r) => r.status === 'skip' && r.detail === 'no widget on this runtime'));
  const fail = rows.filter((r) => r.file === 'parallel/test-fixture-fail.js');
  assert.ok(
    fail.every((r) => /AssertionError.*one is not two/.test(r.detail) && r.exit_code !== 0),
    JSON.stringify(fail),
  );
  // Unexpected results (the failing, timing-out and crashing files) were retried once on every runtime.
  assert.equal(settled.retried, 4);
  assert.ok(rows.filter((r) => KNOWN[r.file] !== 'pass' && KNOWN[r.file] !== 'skip').every((r) => r.retry));
  // The rows make a results file that validates against the schema and reads back the same.
  const dir = mkdtempSync(join(tmpdir(), 'parity-node-test-results-'));
  try {
    const file = writeConformanceResults(
      {
        started: new Date().toISOString(),
        command: 'test',
        runtimes: [],
        conformance: rows,
        node_test: { dir: FIXTURES },
      },
      dir,
    );
    assert.deepEqual(readConformanceRows([file]).rows, rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('outcomeOf: exit 0 with a skip line is a skip, not a pass; a signal is a crash; a kill is a timeout', () => {
  const end = { code: 0, signal: null, killed: false, stdout: '1..0 # Skipped: missing openssl\n', stderr: '', ms: 5 };
  assert.equal(outcomeOf('f', end, 10).outcome, 'skip');
  assert.equal(outcomeOf('f', end, 10).skip_reason, 'missing openssl');
  assert.equal(outcomeOf('f', { ...end, stdout: 'ok' }, 10).outcome, 'pass');
  assert.equal(outcomeOf('f', { ...end, code: null, signal: 'SIGSEGV' }, 10).outcome, 'crash');
  assert.equal(outcomeOf('f', { ...end, killed: true, code: null, signal: 'SIGKILL' }, 10).outcome, 'timeout');
  const failed = outcomeOf(
    'f',
    { ...end, code: 1, stdout: '', stderr: 'node:assert:1\n  ^\n\nTypeError: x is not a function\n    at y' },
    10,
  );
  assert.deepEqual(
    [failed.outcome, failed.exit_code, failed.first_error],
    ['fail', 1, 'TypeError: x is not a function'],
  );
});

test('firstErrorLine finds the error among source excerpts (bun) and deno\'s "error:" lines', () => {
  assert.equal(
    firstErrorLine('9 | test(\n        ^\nerror: Cannot use test() outside of the test runner\n'),
    'error: Cannot use test() outside of the test runner',
  );
  assert.equal(
    firstErrorLine('\u001b[31merror\u001b[0m: Uncaught (in promise) Error: boom\n'),
    'error: Uncaught (in promise) Error: boom',
  );
  assert.equal(firstErrorLine('', 'last words\n'), 'last words');
  assert.equal(groupKey('Error at /tmp/parity-node-test-abc/test/x.js:12:3'), 'Error at <root>/…');
  assert.equal(
    groupKey("Cannot find module 'a' from '<root>/test/parallel/test-b.js'"),
    "Cannot find module 'a' from '<root>/…'",
  );
});

test("a file's `// Env:` lines are its environment, as tools/test.py reads them, on every kind", () => {
  const source = "'use strict';\n// Env: A_VAR=a B_VAR=x=y\n//   Env:  C_VAR=c\n// Flags: --expose-internals\n";
  assert.deepEqual(parseEnv(source), { A_VAR: 'a', B_VAR: 'x=y', C_VAR: 'c' });
  assert.deepEqual(parseEnv('// Flags: --expose-gc\n'), {});
  for (const kind of ['node', 'deno', 'bun'])
    assert.deepEqual(invocationFor(kindNodeTest(kind), { file: 'test/parallel/x.js', source }).env, {
      A_VAR: 'a',
      B_VAR: 'x=y',
      C_VAR: 'c',
    });
});

test("flags: node takes the line whole; deno folds V8 flags, sets node options and takes --inspect as Deno's harness does; bun keeps its own flags", () => {
  const source = "// Flags: --expose-gc --expose-internals --no-warnings\nrequire('node:test');\n";
  assert.deepEqual(parseFlags(source), ['--expose-gc', '--expose-internals', '--no-warnings']);
  const file = 'test/parallel/x.js';
  const node = invocationFor(kindNodeTest('node'), { file, source: 'x' });
  assert.deepEqual(node.args, [file]);
  assert.deepEqual(invocationFor(kindNodeTest('node'), { file, source }).args, [
    '--expose-gc',
    '--expose-internals',
    '--no-warnings',
    file,
  ]);
  const deno = invocationFor(kindNodeTest('deno'), { file, source });
  assert.equal(deno.args[0], 'test');
  assert.ok(deno.args.includes('--v8-flags=--expose-gc'));
  assert.deepEqual([deno.nodeOptions, deno.dropped], [['--expose-internals', '--no-warnings'], []]);
  // As Deno's harness: underscores spelled out, --inspect as host:port, an unknown flag dropped.
  const more =
    '// Flags: --expose_internals --inspect=0 --dns-result-order=ipv4first --allow_natives_syntax --jitless\n';
  const d2 = invocationFor(kindNodeTest('deno'), { file, source: more });
  assert.deepEqual(d2.nodeOptions, ['--expose-internals', '--dns-result-order=ipv4first']);
  assert.deepEqual(d2.args.slice(-3), ['--v8-flags=--allow-natives-syntax', '--inspect=127.0.0.1:0', file]);
  assert.deepEqual(d2.dropped, ['--jitless']);
  const inspect = (f) => invocationFor(kindNodeTest('deno'), { file, source: `// Flags: ${f}\n` }).args.at(-2);
  assert.deepEqual(['--inspect', '--inspect=9229', '--inspect=localhost:0'].map(inspect), [
    '--inspect=127.0.0.1:0',
    '--inspect=127.0.0.1:9229',
    '--inspect=localhost:0',
  ]);
  const bun = invocationFor(kindNodeTest('bun'), { file, source });
  assert.deepEqual(
    [bun.args, bun.dropped],
    [['test', '--expose-gc', '--no-warnings', `./${file}`], ['--expose-internals']],
  );
  assert.deepEqual(invocationFor(kindNodeTest('bun'), { file, source: '// Flags: --expose-gc\n' }).args, [
    '--expose-gc',
    file,
  ]);
});

test('modules: the longest prefix wins, folders fill in, the rest is other', () => {
  const map = { folders: { 'es-module/': 'module' }, prefixes: { 'test-http': 'http', 'test-http2': 'http2' } };
  assert.equal(moduleOf('parallel/test-http2-ping.js', map), 'http2');
  assert.equal(moduleOf('parallel/test-http-agent.js', map), 'http');
  assert.equal(moduleOf('es-module/test-esm-x.mjs', map), 'module');
  assert.equal(moduleOf('parallel/test-zzz.js', map), 'other');
  assert.throws(() => discoverTests({ testDir: FIXTURES, modules: ['nosuch'] }), /MODULES names "nosuch"/);
  assert.throws(() => discoverTests({ testDir: FIXTURES, dirs: ['nowhere'] }), /DIRS names "nowhere"/);
});

test('expectations: kinds are checked, globs match, and a judged outcome says whether it was expected', () => {
  assert.deepEqual(validateNodeTestExpectations({ a: { kind: 'engine-specific', reason: 'V8 heap snapshot' } }), []);
  assert.match(validateNodeTestExpectations({ a: { kind: 'todo', reason: 'x' } })[0], /"kind" must be one of/);
  assert.match(validateNodeTestExpectations({ a: { kind: 'bug' } })[0], /"reason" must be a non-empty string/);
  const data = { 'parallel/test-inspector-*.js': { kind: 'engine-specific', reason: 'the V8 inspector protocol' } };
  assert.equal(expectationOf(data, 'parallel/test-inspector-open.js')?.kind, 'engine-specific');
  assert.equal(expectationOf(data, 'parallel/test-fs-cp.js'), null);
  assert.equal(judge('fail', null), 'fail');
  assert.equal(judge('crash', null), 'error');
  assert.equal(judge('timeout', { flaky: false }), 'expected-fail');
  assert.equal(judge('pass', { flaky: false }), 'unexpected-pass');
  assert.equal(judge('pass', { flaky: true }), 'pass');
  assert.equal(judge('skip', { flaky: false }), 'skip');
});

test('settle: a file retried on every runtime is flaky where its runs differ, unexpected only if both were', () => {
  const r = (runtime, outcome, status) => ({ runtime, test: { file: 'f', module: 'fs' }, rec: { outcome }, status });
  const first = [r('a', 'fail', 'fail'), r('b', 'pass', 'pass')];
  const retried = [r('a', 'pass', 'pass'), r('b', 'pass', 'pass')];
  const s = settle(first, retried);
  assert.deepEqual(s.flaky, [{ runtime: 'a', file: 'f', outcomes: ['fail', 'pass'] }]);
  assert.deepEqual(
    s.results.map((x) => [x.runtime, x.status, x.retry.flaky]),
    [
      ['a', 'pass', true],
      ['b', 'pass', false],
    ],
  );
});

test('a kind whose adapter module is absent is unsupported with that reason', async () => {
  const rt = resolveRuntime('workerd');
  const missing = Object.assign(new Error('nope'), { code: 'ERR_MODULE_NOT_FOUND' });
  const runners = await runnersFor([rt], () => Promise.reject(missing));
  assert.match(runners.get('workerd')?.unsupported ?? '', /workerd-node-test\.js is not in this checkout/);
  const fake = await runnersFor([rt], async () => ({
    runNodeTestInWorkerd: async () => ({}),
    applicability: () => 'listens on a socket',
  }));
  assert.equal(fake.get('workerd')?.adapter.applicability(''), 'listens on a socket');
});

test("crosscheck reads Deno's config.jsonc (comments, trailing commas) and counts agreement by exit 0", () => {
  const config = parseJsonc(`{
    "tests": {
      // a comment with "quotes" and a // inside
      "parallel/a.js": {},
      "parallel/b.js": { "ignore": true, "reason": "needs internals" },
      "parallel/c.js": { "linux": false, "reason": "flaky on linux", },
      "parallel/d.js": {},
    },
  }`);
  const rows = [
    { file: 'parallel/a.js', outcome: 'skip' },
    { file: 'parallel/b.js', outcome: 'fail' },
    { file: 'parallel/c.js', outcome: 'pass' },
    { file: 'parallel/d.js', outcome: 'timeout' },
    { file: 'parallel/e.js', outcome: 'pass' },
  ];
  const c = crosscheck(rows, config.tests);
  assert.deepEqual([c.both, c.agree, c.agreePass, c.agreeNotPass, c.unlisted, c.unlistedPass], [4, 2, 1, 1, 1, 1]);
  assert.deepEqual(
    c.differ.map((d) => [d.file, d.deno, d.reason]),
    [
      ['parallel/c.js', 'not-pass', 'flaky on linux'],
      ['parallel/d.js', 'pass', null],
    ],
  );
});

test('failures group by their first error line, per runtime, largest first; expected ones only when asked', () => {
  const row = (runtime, file, status, detail) => ({ runtime, file, status, outcome: 'fail', detail });
  const rows = [
    row(
      'bun',
      'parallel/a.js',
      'fail',
      "error: Cannot find module 'internal/x' from '/tmp/parity-node-test-q1/test/parallel/a.js'",
    ),
    row(
      'bun',
      'parallel/b.js',
      'fail',
      "error: Cannot find module 'internal/x' from '/tmp/parity-node-test-q1/test/parallel/b.js'",
    ),
    row('bun', 'parallel/c.js', 'expected-fail', 'TypeError: nope'),
    row('deno', 'parallel/a.js', 'fail', 'TypeError: nope'),
  ];
  const open = failureGroups(rows);
  assert.deepEqual(
    open.map((g) => [g.runtime, g.files.length]),
    [
      ['bun', 2],
      ['deno', 1],
    ],
  );
  assert.equal(open[0].key, "error: Cannot find module 'internal/x' from '<root>/…'");
  assert.equal(failureGroups(rows, { all: true, runtime: 'bun' }).length, 2);
});

test("files of Node's sequential/ folder run one at a time, after the rest", async () => {
  const runtimes = [{ id: 'a' }, { id: 'b' }];
  const runners = new Map([
    ['a', { spec: {} }],
    ['b', { spec: {} }],
  ]);
  let inFlight = 0;
  let overlap = 0;
  const order = [];
  const runFile = async ({ file }) => {
    inFlight++;
    if (file.startsWith('sequential/') && inFlight > 1) overlap++;
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    order.push(file);
    return {
      file,
      outcome: 'pass',
      exit_code: 0,
      signal: null,
      first_error: null,
      skip_reason: null,
      na_reason: null,
      ms: 5,
    };
  };
  const tests = ['sequential/test-s1.js', 'parallel/test-p1.js', 'sequential/test-s2.js', 'parallel/test-p2.js'].map(
    (file) => ({ file, module: 'other' }),
  );
  const suite = { root: FIXTURES, testRoot: FIXTURES };
  const sources = new Map(tests.map((t) => [t.file, '']));
  const settled = await runNodeTests({
    runtimes,
    runners,
    tests,
    suites: { forRuntime: () => suite },
    expectations: {},
    runFile,
    sourceOf: (f) => sources.get(f) ?? '',
  });
  assert.equal(settled.results.length, 8);
  assert.equal(overlap, 0);
  assert.ok(
    order.slice(0, 4).every((f) => f.startsWith('parallel/')),
    order.join(' '),
  );
});
