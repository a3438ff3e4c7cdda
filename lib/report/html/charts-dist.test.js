import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { aggregate } from '../../results/aggregate.js';
import { memoryCharts, startupCharts } from './charts-dist.js';

test('each start-up row gets a CDF per runtime of every start of every round', () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'startup-quick.json'), 'utf8'));
  const ids = doc.runtimes.map((r) => r.id);
  const charts = startupCharts(aggregate(doc.results, ids, ids[0]));
  const rows = new Set(doc.results.filter((r) => r.unit === 'starts' && r.status === 'ok').map((r) => r.workload));
  assert.ok(charts.length >= rows.size, `${charts.length} charts for ${rows.size} workloads`);
  for (const c of charts) {
    assert.equal(c.kind, 'ecdf');
    for (const d of c.datasets) {
      const ys = d.data.map((p) => p.y);
      const xs = d.data.map((p) => p.x);
      assert.equal(ys.at(-1), 1, 'the CDF reaches every start');
      assert.ok(
        xs.every((x, i) => i === 0 || x >= xs[i - 1]),
        'wall times in order',
      );
    }
  }
});

test('an HTTP row that sampled RSS through its load gets a line per runtime, in MB over seconds', () => {
  const row = (runtime, samples) => ({ runtime, status: 'ok', report: { rss: { samples } } });
  const agg = {
    runtimes: ['node', 'bun'],
    rows: [
      {
        key: 'http/json-small c=8',
        cells: {
          node: {
            rows: [
              row('node', [
                [0, 100e6],
                [500, 101e6],
                [1000, 102e6],
              ]),
            ],
          },
          bun: { rows: [row('bun', [])] },
        },
      },
      { key: 'math/sin', cells: { node: { rows: [{ runtime: 'node', status: 'ok', report: {} }] } } },
    ],
  };
  const charts = memoryCharts(agg);
  assert.equal(charts.length, 1);
  assert.equal(charts[0].kind, 'rss');
  assert.deepEqual(
    charts[0].datasets.map((d) => d.label),
    ['node'],
  );
  assert.deepEqual(charts[0].datasets[0].data, [
    { x: 0, y: 100 },
    { x: 0.5, y: 101 },
    { x: 1, y: 102 },
  ]);
});
