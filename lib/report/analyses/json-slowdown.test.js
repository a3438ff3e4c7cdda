import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTable } from '../text/print.js';
import { reviverSlowdown, slowdownTable } from './json-slowdown.js';

const row = (runtime, workload, doc, ms, extra = {}) => ({
  runtime,
  suite: 'json',
  workload,
  params: { doc, mb: 1 },
  status: 'ok',
  round: 1,
  median_ns: ms * 1e6,
  ...extra,
});

test('slowdown is the ratio of median times, per runtime and document', () => {
  const rows = [
    ...[10, 11, 9].map((ms, i) => row('node', 'parse', 'rsc', ms, { round: i + 1 })),
    ...[30, 33, 27].map((ms, i) =>
      row('node', 'parse-reviver', 'rsc', ms, { round: i + 1, report: { reviver_calls_per_call: 120_000 } }),
    ),
    row('node', 'parse', 'flat', 5),
    row('node', 'parse-reviver', 'flat', 10),
    row('bun', 'parse', 'rsc', 8),
    row('bun', 'parse-reviver', 'rsc', 40),
  ];
  const s = reviverSlowdown(rows);
  const get = (rt, doc) =>
    /** @type {any} */ (s.find((x) => x.runtime === rt && /** @type {any} */ (x.params).doc === doc));
  const near = (x, y) => assert.ok(Math.abs(x - y) < 1e-9, `${x} ≈ ${y}`);
  near(get('node', 'rsc').slowdown, 3);
  near(get('node', 'flat').slowdown, 2);
  near(get('bun', 'rsc').slowdown, 5);
  assert.equal(get('node', 'rsc').reviver_calls_per_s, 120_000 / 0.03);
  assert.ok(get('node', 'rsc').ci95[0] <= 3 + 1e-9 && get('node', 'rsc').ci95[1] >= 3 - 1e-9);
  assert.ok(Number.isNaN(get('bun', 'rsc').ci95[0]), 'one round has no interval');
});

test('slowdown ignores failed rows and other suites, and skips runtimes without a baseline', () => {
  const rows = [
    row('node', 'parse', 'rsc', 10, { status: 'error', median_ns: undefined }),
    row('node', 'parse-reviver', 'rsc', 30),
    { ...row('deno', 'parse', 'rsc', 10), suite: 'other' },
    row('deno', 'parse-reviver', 'rsc', 30),
  ];
  assert.deepEqual(reviverSlowdown(rows), []);
});

test('the source reviver gets its own ratio against the same parse baseline', () => {
  const rows = [
    row('deno', 'parse', 'rsc', 10),
    row('deno', 'parse-reviver', 'rsc', 20),
    row('deno', 'json/parse-reviver-source', 'rsc', 50),
  ];
  const [s] = reviverSlowdown(rows);
  assert.equal(s.source_slowdown, 5);
  assert.match(printTable(slowdownTable([s])), /2\.00× .*5\.00×/);
  assert.match(printTable(slowdownTable([s]), { format: 'markdown' }), /^\| params \| runtime/);
});

test('two rounds without a clear slowdown are inconclusive, with short interval bounds', () => {
  const rows = [
    row('node', 'parse', 'rsc', 10, { round: 1 }),
    row('node', 'parse', 'rsc', 10, { round: 2 }),
    row('node', 'parse-reviver', 'rsc', 20, { round: 1 }),
    row('node', 'parse-reviver', 'rsc', 60, { round: 2 }),
  ];
  const [s] = reviverSlowdown(rows);
  assert.equal(s.verdict, 'inconclusive');
  const t = slowdownTable([s], { detail: true });
  const text = printTable(t);
  assert.match(text, /\?3\.46× \[\S+–\S+\]/);
  assert.doesNotMatch(text, /\d\.\d{4}|\d{5}\./, 'no long decimals in the bounds');
  assert.match(String(t.notes?.[0]), /"\?" = inconclusive/);
  // By default a cell is the ratio and its mark; the interval waits for SHOW=spread.
  assert.match(printTable(slowdownTable([s])), /\?3\.46×(?! \[)/);
});
