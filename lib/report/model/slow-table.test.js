// The slow-process table (slow-table.js) from results rows of known shape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { aggregate } from '../../results/aggregate.js';
import { cellText } from './model.js';
import { slowProcessTable } from './slow-table.js';

const WOBBLE = [1, 1.02, 0.98, 1.01, 0.99, 1.015];

/**
 * Results rows: 8 math rows × node and bun × 6 rounds, each within ±2% of its row's speed, but
 * `slow` ("row|runtime|round" → factor; the other rounds of such a cell exactly at its speed, so the
 * factor is exact) and, when `calibrate`, a calibration per job (`calSlow` marks the slow ones);
 * `replaced` rows carry the replaced mark.
 * @param {{slow?: Record<string, number>, calibrate?: boolean, calSlow?: string[], replaced?: string[]}} [o]
 */
function results({ slow = {}, calibrate = false, calSlow = [], replaced = [] } = {}) {
  const rows = [];
  for (let i = 0; i < 8; i++)
    for (const runtime of ['node', 'bun'])
      for (let round = 1; round <= 6; round++) {
        const id = `${i}|${runtime}|${round}`;
        const marked = Object.keys(slow).some((k) => k.startsWith(`${i}|${runtime}|`));
        const t = 1000 * (i + 1) * (marked ? 1 : WOBBLE[(round + i) % 6]) * (slow[id] ?? 1);
        const cal = 5e7 * WOBBLE[round % 6] * (calSlow.includes(id) ? 0.6 : 1);
        rows.push({
          suite: 'math',
          workload: `w${i}`,
          params: {},
          runtime,
          round,
          status: 'ok',
          unit: 'ops',
          units_per_call: 1,
          median_ns: t,
          ci95_ns: [t, t],
          throughput: { value: 1e9 / t, unit: 'ops/s' },
          ...(calibrate ? { calibration: { before: cal, after: cal, unit: 'iterations/s' } } : {}),
          ...(replaced.includes(id) ? { replaced: { calibration: 3e7, median: 5e7, bar: 0.1 } } : {}),
        });
      }
  return rows;
}

const table = (rows) => slowProcessTable(aggregate(rows, ['node', 'bun'], 'node'));
const texts = (t) => t.rows.map((r) => t.columns.map((c) => cellText(r[c.key])));

test('no slow process and none replaced: no table', () => {
  assert.equal(table(results()), null);
});

test('rows with a slow process are listed per runtime with how much slower, then every runtime’s totals', () => {
  const t = table(results({ slow: { '3|bun|2': 1.5, '3|bun|5': 1.6, '6|node|1': 1.3 } }));
  assert.ok(t);
  assert.deepEqual(
    t.columns.map((c) => c.label),
    ['workload', 'node', 'bun'],
  );
  assert.deepEqual(texts(t), [
    ['math/w3', '0/6', '2/6 1.50–1.60×'],
    ['math/w6', '1/6 1.30×', '0/6'],
    ['all rows', '1/48 (2%) 1.30×', '2/48 (4%) 1.55×'],
  ]);
  // Without calibrations the title says the two kinds of slow process cannot be told apart.
  assert.match(t.title ?? '', /No calibration was timed.*run --calibrate/s);
});

test('with calibrations: seen and unseen per cell and in the totals, and the processes replaced', () => {
  const t = table(
    results({
      calibrate: true,
      slow: { '3|bun|2': 1.5, '3|bun|5': 1.6 },
      calSlow: ['3|bun|2'],
      replaced: ['0|node|4'],
    }),
  );
  assert.ok(t);
  assert.deepEqual(texts(t), [
    ['math/w0', '0/6 +1 replaced', '0/6'],
    ['math/w3', '0/6', '2/6 1.50–1.60× (1 seen, 1 unseen)'],
    ['all rows', '0/48 (0%); 1 replaced', '2/48 (4%) 1.55×, 1 unseen, 1 seen'],
  ]);
  assert.match(t.title ?? '', /unseen: it ran at speed \(the\nruntime's own slow state\)/);
  for (const line of (t.title ?? '').split('\n')) assert.ok(line.length <= 120, line);
});
