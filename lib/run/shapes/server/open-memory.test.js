// Memory of an open-loop row: RSS sampled through each point; the row's figures come from the
// highest offered rate the server held, and each point keeps its figures, not its samples.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { steadyPoint, thinCurveRss, withMemory } from './memory.js';

/** 40 samples over 4 s, rising by `step` bytes each. */
const rss = (base, step) => ({
  interval_ms: 100,
  t0: 0,
  t1: 4000,
  samples: Array.from({ length: 40 }, (_, i) => [i * 100, base + i * step]),
});

const curve = [
  { offered: 1000, achieved: 1000, beyond_generator: false, server_behind: false, rss: rss(100e6, 0) },
  { offered: 4000, achieved: 3990, beyond_generator: false, server_behind: false, rss: rss(120e6, 1e5) },
  { offered: 8000, achieved: 5000, beyond_generator: false, server_behind: true, rss: rss(150e6, 0) },
  { offered: 9000, achieved: null, beyond_generator: true, server_behind: false, rss: rss(150e6, 0) },
];

test('the steady point is the highest offered rate the server held', () => {
  assert.equal(steadyPoint(curve)?.offered, 4000);
  assert.equal(steadyPoint(curve.slice(2)), null);
});

test("an open-loop row's memory figures are the steady point's, named with its rate", () => {
  const inner = { status: 'ok', metrics: {}, report: { curve } };
  const steady = /** @type {any} */ (steadyPoint(curve));
  const row = withMemory(thinCurveRss(inner), 90e6, steady.rss, 100, null, steady.offered);
  // Rising by 0.1 MB a sample: the last quarter's median is 30 samples (3 MB) above the first's.
  assert.ok(Math.abs(row.metrics.rss_growth_bytes.value - 3e6) <= 1e5, JSON.stringify(row.metrics.rss_growth_bytes));
  assert.match(row.metrics.rss_load_median_bytes.label, /at 4,000 req\/s offered \(open loop/);
  assert.equal(row.report.rss.offered_rps, 4000);
  assert.equal(row.report.rss.samples.length, 40);
  for (const p of row.report.curve) assert.ok(!('samples' in p.rss) && 'growth_bytes' in p.rss, JSON.stringify(p.rss));
});
