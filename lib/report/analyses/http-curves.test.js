// The curve table from open-loop rows: medians over rounds per point, G and S marks, and chart
// series that leave out the points where the generator, not the server, set the figure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import tables, { curves } from './http-curves.js';

const point = (offered, p50, extra = {}) => ({
  offered,
  achieved: offered,
  p50_ms: p50,
  p90_ms: p50 * 2,
  p99_ms: p50 * 4,
  p999_ms: p50 * 8,
  floor_p50_ms: 0.1,
  floor_p99_ms: 0.5,
  gen_cpu_pct: 10,
  beyond_generator: false,
  server_behind: false,
  ...extra,
});
const row = (round, max, pts) => ({
  suite: 'http',
  workload: 'open-loop',
  runtime: 'bun',
  round,
  status: 'ok',
  params: { route: 'json-small' },
  throughput: { value: max },
  metrics: { requests_per_s: { value: max } },
  report: { curve: pts },
});

test('curve points are medians over rounds, marked, and charted without the generator-bound ones', () => {
  const rows = [
    row(1, 1000, [point(250, 1), point(900, 10, { beyond_generator: true })]),
    row(2, 1000, [point(250, 3), point(900, 30, { server_behind: true, achieved: 500 })]),
    row(3, 1000, [point(250, 2), point(900, 20)]),
  ];
  const [c] = curves(rows);
  assert.equal(c.points[0].p50_ms, 2);
  assert.equal(c.points[0].share, 25);
  assert.equal(c.points[1].beyond_generator, true);
  const t = /** @type {any} */ (tables[0].table(rows));
  const cells = t.rows.map((r) => Object.values(r));
  assert.match(String(cells[1].at(-1)), / G$/);
  assert.equal(cells[1][4], '—', 'no server latency where the generator was the limit');
  const p50 = t.chart.series.find((s) => s.stat === 'p50');
  assert.deepEqual(p50.points, [[250, 2]]);
});

test('no percentile is printed from fewer requests or a shorter window than it needs: p99 from 1,000, p99.9 from 10,000, 5 s', () => {
  const rows = (n, window_ms = 5000) =>
    [1, 2, 3].map((r) => row(r, 1000, [point(250, 1, { requests: n(r), floor_requests: n(r), window_ms })]));
  const cells = (rs, detail = false) => {
    const t = /** @type {any} */ (tables[0].table(rs, { detail }));
    return t.rows.map((r) => Object.values(r).map(String))[0];
  };
  // 43 requests per point (the render-stream case): p50 only.
  const few = cells(
    rows(() => 43),
    true,
  );
  assert.equal(few[4], '1.00 ms');
  assert.equal(few[5], '—', 'no p99 from 43 requests');
  assert.equal(few[6], '—', 'no p99.9 from 43 requests');
  assert.match(few[8], / \/ —$/, 'no floor p99 either');
  // One round short of 1,000 is enough to withhold it; 1,000 in every round holds p99, not p99.9.
  assert.equal(cells(rows((r) => (r === 2 ? 999 : 5000)))[5], '—');
  const enough = cells(
    rows(() => 1000),
    true,
  );
  assert.equal(enough[5], '4.00 ms');
  assert.equal(enough[6], '—');
  assert.equal(
    cells(
      rows(() => 10000),
      true,
    )[6],
    '8.00 ms',
  );
  // A window under 5 s holds no tail, whatever its requests (QUICK's 0.5 s points).
  assert.equal(
    cells(
      rows(() => 10000, 500),
      true,
    )[5],
    '—',
  );
  // A file that does not record the count prints no tail.
  assert.equal(cells([1, 2, 3].map((r) => row(r, 1000, [point(250, 1)])))[5], '—');
});
