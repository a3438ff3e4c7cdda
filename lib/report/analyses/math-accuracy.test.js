import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printTable } from '../text/print.js';
import { accuracyMatrix, accuracyTable, fmtShare } from './math-accuracy.js';

const fn = (max_ulp, correctly_rounded, hash, extra = {}) => ({
  n: 2000,
  max_ulp,
  correctly_rounded,
  nan_mismatches: 0,
  hash,
  ...extra,
});
const row = (runtime, functions, extra = {}) => ({
  runtime,
  suite: 'math',
  workload: 'accuracy',
  status: 'ok',
  report: { functions, hash: extra.hash ?? `all-${runtime}`, tiers_agree: extra.tiers_agree ?? true },
});

const rows = [
  row('node', { sin: fn(1, 0.98, 'aaaa'), pow: fn(1, 0.9995, 'p1') }, { hash: 'same' }),
  row('node@24', { sin: fn(1, 0.98, 'aaaa'), pow: fn(1, 0.9995, 'p1') }, { hash: 'same' }),
  row('deno', { sin: fn(0, 1, 'bbbb'), pow: fn(1, 0.9995, 'p1') }),
  row('bun', { sin: fn(8, 0.998, 'cccc'), pow: fn(null, 0.5, 'p2', { nan_mismatches: 3 }) }, { tiers_agree: false }),
];

test('runtimes with identical output bits are listed as the same, per function and overall', () => {
  const lines = printTable(/** @type {any} */ (accuracyTable(rows))).split('\n');
  const line = (f, rt) =>
    String(lines.find((l) => l.startsWith(`${f.padEnd(8)}  ${rt} `) || l.startsWith(`${f.padEnd(8)}  ${rt}`)));
  assert.match(line('sin', 'node'), /node@24$/);
  assert.match(line('sin', 'deno'), /0 +100% +-$/);
  assert.match(line('pow', 'deno'), /node, node@24$/);
  assert.match(line('all', 'node'), /node@24$/);
});

test('a NaN mismatch, round-to-round variation and tier disagreement are shown, not hidden', () => {
  const more = [...rows, row('deno', { sin: fn(0, 1, 'dddd'), pow: fn(1, 0.9995, 'p1') })];
  const text = printTable(/** @type {any} */ (accuracyTable(more)));
  assert.match(text, /pow +bun +NaN mismatch \(3\)/);
  assert.match(text, /sin +deno .*varies between rounds/);
  assert.match(text, /all +bun .*first and last call differ/);
});

test('the share of correctly rounded results is never rounded up to 100%', () => {
  assert.equal(fmtShare(1), '100%');
  assert.equal(fmtShare(0.99996), '99.99%');
  assert.equal(fmtShare(0.5), '50.00%');
});

test('only ok math/accuracy rows count', () => {
  const m = accuracyMatrix([
    { ...rows[0], status: 'error' },
    { ...rows[1], workload: 'sin' },
    { ...rows[2], suite: 'json' },
    rows[3],
  ]);
  assert.deepEqual(m.runtimes, ['bun']);
  assert.equal(accuracyTable([]), null);
});

test('markdown output is a pipe table with one line per runtime and function plus totals', () => {
  const md = printTable(/** @type {any} */ (accuracyTable(rows)), { format: 'markdown' }).split('\n');
  assert.equal(md[0], '| function | runtime | max ULP | correctly rounded | same bits as |');
  assert.equal(md.length, 2 + 4 * 2 + 4);
});
