import assert from 'node:assert/strict';
import { test } from 'node:test';
import { curveCharts } from './charts.js';
import { runtimeColor } from './colors.js';

test('an open-loop curve table gives one chart per route: p50 solid and p99 dashed per runtime, by offered rate', () => {
  const chart = {
    kind: 'latency-throughput',
    x: 'offered req/s',
    y: 'TTLB ms',
    series: [
      {
        route: 'json-small',
        runtime: 'bun',
        stat: 'p50',
        points: [
          [3000, 0.9],
          [1000, 0.5],
        ],
      },
      {
        route: 'json-small',
        runtime: 'bun',
        stat: 'p99',
        points: [
          [1000, 2],
          [3000, 9],
        ],
      },
      { route: 'json-small', runtime: 'node', stat: 'p50', points: [] },
      { route: 'echo', runtime: 'node', stat: 'p50', points: [[500, 1]] },
    ],
  };
  const charts = curveCharts([
    { title: 'other', columns: [], rows: [] },
    { title: 'curves', columns: [], rows: [], chart },
  ]);
  assert.deepEqual(
    charts.map((c) => [c.kind, c.name, c.datasets.map((d) => d.label)]),
    [
      ['curve', 'json-small', ['bun p50', 'bun p99']],
      ['curve', 'echo', ['node p50']],
    ],
  );
  const [p50, p99] = charts[0].datasets;
  assert.deepEqual(
    p50.data,
    [
      { x: 1000, y: 0.5 },
      { x: 3000, y: 0.9 },
    ],
    'points in order of offered rate',
  );
  assert.equal(p50.dashed, false);
  assert.equal(p99.dashed, true);
  assert.equal(p50.color, runtimeColor('bun'));
  assert.match(p50.tip[1], /bun p50 at 3000 req\/s offered: 0\.90 ms/);
  assert.equal(charts[0].x, 'offered req/s');
});
