// The start-up memory table: peak RSS per start by runtime against the baseline, in the verdict
// words of every table (less or more, equivalent, inconclusive), and what the graph adds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellText } from '../model/model.js';
import { printTable } from '../text/print.js';
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
  assert.deepEqual(line('empty', 'base').slice(2, 6), ['40.0 MB', '—', 'baseline', '']);
  assert.equal(line('empty', 'small')[5], 'less');
  assert.equal(line('empty', 'small')[4], '2.00×');
  assert.equal(line('empty', 'same')[5], 'equivalent');
  assert.match(line('empty', 'noisy')[5], /^inconclusive: ±\d+%, 6 rounds/);
  assert.equal(line('esm-graph', 'base')[6], '+30.0 MB');
  assert.equal(line('esm-graph', 'small')[6], '+15.0 MB');
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

test('start-up memory: the runtime’s own heap after GC beside the OS’s RSS, labelled so, with its source', () => {
  const heapRow = (rt, w, k, rss, heap) => {
    const r = row(rt, w, k, rss);
    const label =
      "heap after GC (runtime's own): process.memoryUsage().heapUsed after globalThis.gc() (--expose-gc); median of 3 extra starts, not timed";
    r.metrics.heap_after_gc_bytes = { value: heap, unit: 'bytes', better: 'lower', label };
    return r;
  };
  const rs = [1, 2, 3].flatMap((k) => [
    heapRow('base', 'empty', k, 40 * MB, 4 * MB + k),
    row('other', 'empty', k, 30 * MB),
  ]);
  const t = /** @type {any} */ (tables[0].table(rs, { baseline: 'base' }));
  assert.equal(t.columns[3].label, 'heap after GC (own)');
  const body = t.rows.map((r) => Object.keys(r).map((k) => cellText(r[k])));
  assert.equal(body[0][3], '4.00 MB');
  assert.equal(body[1][3], '—', 'a runtime without the figure has none, not zero');
  assert.ok(
    t.notes.some((n) =>
      /heap after GC \(own\) = the runtime’s own figure beside the OS’s: .*process\.memoryUsage\(\)\.heapUsed after globalThis\.gc\(\)/.test(
        n,
      ),
    ),
  );
});

test('start-up memory: a runtime whose memory rows are all unsupported is named with its reason, not left out', () => {
  const no = (rt, w) => ({
    suite: 'startup',
    workload: w,
    runtime: rt,
    round: 1,
    status: 'unsupported',
    error: 'workerd runs no script as a process of its own',
  });
  const rs = [row('node', 'empty', 1, 40 * MB), no('workerd', 'empty'), no('workerd', 'esm-graph')];
  const t = /** @type {any} */ (tables[0].table(rs, {}));
  assert.ok(
    t.notes.includes(
      'workerd: unsupported: workerd runs no script as a process of its own (no peak RSS, no heap after GC)',
    ),
  );
  assert.ok(!t.notes.some((n) => n.startsWith('node: unsupported')));
});
