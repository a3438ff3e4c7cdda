// The start-up memory table: peak RSS per start by runtime against the baseline, in the verdict
// words of every table (less or more, equivalent, inconclusive), and what the graph adds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellText } from '../model.js';
import { printTable } from '../print.js';
import tables from './startup.js';

const MB = 1e6;
const row = (runtime, workload, round, rss) => ({
  suite: 'startup',
  workload,
  runtime,
  round,
  status: 'ok',
  params: workload === 'empty' ? {} : { modules: 1000 },
  metrics: { rss_per_start_bytes: { value: rss, unit: 'bytes', better: 'lower' } },
});

/** Six rounds: `small` uses half the baseline's memory, `same` the baseline's to ±0.5%, `noisy` swings ±60%. */
function rows() {
  const out = [];
  for (let k = 1; k <= 6; k++) {
    const wiggle = 1 + (k % 2 ? 0.005 : -0.005);
    out.push(row('base', 'empty', k, 40 * MB), row('base', 'esm-graph', k, 70 * MB));
    out.push(row('small', 'empty', k, 20 * MB * wiggle), row('small', 'esm-graph', k, 35 * MB));
    out.push(row('same', 'empty', k, 40 * MB * wiggle), row('same', 'esm-graph', k, 70 * MB * wiggle));
    out.push(row('noisy', 'empty', k, 40 * MB * (k % 2 ? 1.6 : 0.5)));
  }
  return out;
}

test('start-up memory: less, equivalent and inconclusive against the baseline, and what the graph adds over empty', () => {
  const t = /** @type {any} */ (
    tables[0].table(rows(), { baseline: 'base', runtimes: ['base', 'small', 'same', 'noisy'] })
  );
  /** @type {string[][]} */
  const body = t.rows.map((r) => Object.keys(r).map((k) => cellText(r[k])));
  const line = (w, rt) => /** @type {string[]} */ (body.find((r) => r[0] === w && r[1] === rt));
  assert.deepEqual(line('empty', 'base').slice(2, 5), ['40.0 MB', 'baseline', '']);
  assert.equal(line('empty', 'small')[4], 'less');
  assert.equal(line('empty', 'small')[3], '2.00×');
  assert.equal(line('empty', 'same')[4], 'equivalent');
  assert.match(line('empty', 'noisy')[4], /^inconclusive: ±\d+%, 6 rounds/);
  assert.equal(line('esm-graph', 'base')[5], '+30.0 MB');
  assert.equal(line('esm-graph', 'small')[5], '+15.0 MB');
  assert.equal(
    body.find((r) => r[0] === 'esm-graph' && r[1] === 'noisy'),
    undefined,
    'a runtime without the workload has no line',
  );
  for (const l of printTable({ ...t, title: tables[0].title }).split('\n')) assert.ok(l.length <= 120, l);
});

test('start-up memory: no table without start-up rows that carry peak RSS', () => {
  assert.equal(tables[0].table([{ ...row('a', 'empty', 1, 1), metrics: {} }], {}), null);
});

test('runtime binaries: one line per runtime with its resolved path and size; none without start-up rows that name one', () => {
  const binary = (path, bytes) => ({ ...row('x', 'empty', 1, MB), report: { binary: { path, bytes } } });
  const rs = [
    { ...binary('/opt/node', 150e6), runtime: 'node' },
    { ...binary('/opt/node', 150e6), runtime: 'node', workload: 'print' },
    { ...binary('/opt/bun', 107e6), runtime: 'bun' },
  ];
  const t = /** @type {any} */ (tables[1].table(rs, {}));
  const body = t.rows.map((r) => Object.keys(r).map((k) => cellText(r[k])));
  assert.deepEqual(body, [
    ['node', '/opt/node', '150 MB'],
    ['bun', '/opt/bun', '107 MB'],
  ]);
  assert.equal(tables[1].table([row('a', 'empty', 1, 1)], {}), null);
});
