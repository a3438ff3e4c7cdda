import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roundsNeeded, slowJobs } from '../../measure/stats/population.js';

/** Logs of mean m and sample SD exactly s: ±d alternating around m, d chosen for s. */
const logsOf = (m, s, n = 20) => {
  const d = s * Math.sqrt((n - 1) / n);
  return Array.from({ length: n }, (_, i) => m + (i % 2 ? d : -d));
};
const comparison = (m, s) => ({ logs: logsOf(m, s), truth: m });

test('roundsNeeded: a large difference decides at once; equal figures need the interval inside ±5%', () => {
  assert.equal(roundsNeeded(comparison(Math.log(2), 0.05)), 1);
  // truth 1×, SD 0.1: 1.96 · 0.1 / √n ≤ log 1.05 = 0.04879 → n ≥ 16.14 → 17 rounds.
  assert.equal(roundsNeeded(comparison(0, 0.1)), 17);
  // Halving the spread quarters the rounds (within rounding).
  assert.equal(roundsNeeded(comparison(0, 0.05)), 5);
});

test('roundsNeeded: a truth on the margin decides only as a difference, and not within a small max', () => {
  // 1.96 · 0.2 / √n < log 1.05 → n ≥ 64.5 → 65 rounds.
  assert.equal(roundsNeeded(comparison(Math.log(1.05), 0.2)), 65);
  assert.equal(roundsNeeded(comparison(Math.log(1.05), 0.2), { max: 50 }), 51);
});

test('slowJobs counts jobs over 1.35× their cell quartile by round and runtime', () => {
  const rows = [];
  for (const runtime of ['a', 'b'])
    for (let round = 1; round <= 8; round++)
      rows.push({
        runtime,
        suite: 's',
        workload: 'w',
        params: {},
        round,
        status: 'ok',
        median_ns: round === 3 ? 160 : 100,
      });
  rows.push({ runtime: 'a', suite: 's', workload: 'w', params: {}, round: 9, status: 'error', median_ns: null });
  const { byRound, byRuntime, slow } = slowJobs(rows);
  assert.deepEqual(byRound.get(3), { slow: 2, jobs: 2 });
  assert.deepEqual(byRound.get(4), { slow: 0, jobs: 2 });
  assert.deepEqual(byRuntime.get('a'), { slow: 1, jobs: 8 });
  assert.equal(slow.size, 2);
});
