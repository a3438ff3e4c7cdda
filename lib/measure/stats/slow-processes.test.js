// Slow processes per runtime (slow-processes.js) on suites of known shape: every process runs at
// its runtime's speed within a few percent, and a few chosen ones run a known factor slower.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slowProcesses } from './slow-processes.js';

/** A ±2% wobble that repeats: no process slow by any bar. */
const WOBBLE = [1, 1.02, 0.98, 1.01, 0.99, 1.015, 0.985, 1.005, 0.995, 1];

/**
 * A suite of `rows` rows × the runtimes, `rounds` rounds each, every time `base` × the wobble;
 * `slow` maps "row|runtime|round" to the factor that process ran slower, `cal` to its calibration's.
 * @param {{rows?: number, runtimes?: string[], rounds?: number, slow?: Record<string, number>,
 *   cal?: Record<string, number> | null, replaced?: string[]}} o
 */
function suite({ rows = 8, runtimes = ['a', 'b', 'c'], rounds = 9, slow = {}, cal = null, replaced = [] }) {
  const cells = [];
  for (let i = 0; i < rows; i++)
    for (const runtime of runtimes)
      cells.push({
        suite: 's',
        key: `s/w${i}`,
        runtime,
        rounds: Array.from({ length: rounds }, (_, k) => {
          const id = `${i}|${runtime}|${k + 1}`;
          return {
            round: k + 1,
            time: 1000 * (i + 1) * WOBBLE[(k + i) % WOBBLE.length] * (slow[id] ?? 1),
            calibration: cal ? (5e7 * WOBBLE[(k + 3) % WOBBLE.length]) / (cal[id] ?? 1) : null,
            replaced: replaced.includes(id),
          };
        }),
      });
  return cells;
}

test('processes a known factor slower than their row on one runtime are found, with that factor; the rest are not', () => {
  const r = slowProcesses(suite({ slow: { '2|b|4': 1.6, '2|b|7': 1.5, '5|c|1': 1.3 } }));
  const found = r.cells.filter((c) => c.slow.length);
  assert.deepEqual(
    found.map((c) => [c.key, c.runtime, c.slow.map((s) => s.round)]),
    [
      ['s/w2', 'b', [4, 7]],
      ['s/w5', 'c', [1]],
    ],
  );
  const b = found[0].slow;
  assert.ok(Math.abs(b[0].slower - 1.6) < 0.05 && Math.abs(b[1].slower - 1.5) < 0.05, JSON.stringify(b));
  assert.ok(Math.abs(found[1].slow[0].slower - 1.3) < 0.05);
  // Totals per runtime: 72 processes each, all checked; no calibration timed, so none seen or unseen.
  assert.deepEqual(
    [...r.runtimes].map(([id, t]) => [id, t.processes, t.checked, t.slow, t.seen, t.unseen]),
    [
      ['a', 72, 72, 0, 0, 0],
      ['b', 72, 72, 2, 0, 0],
      ['c', 72, 72, 1, 0, 0],
    ],
  );
  assert.ok(r.cells.flatMap((c) => c.slow).every((s) => s.calibration === null));
});

test('a process less than 15% slower is not a slow state, however quiet its row', () => {
  const r = slowProcesses(suite({ slow: { '1|a|3': 1.12 } }));
  assert.equal(r.runtimes.get('a')?.slow, 0);
});

test('a row split half and half has no main mode to be slower than: nothing is flagged', () => {
  const slow = Object.fromEntries([1, 2, 3, 4].map((k) => [`0|a|${k}`, 1.5]));
  const r = slowProcesses(suite({ slow, rounds: 8 }));
  assert.equal(r.runtimes.get('a')?.slow, 0);
});

test('a suite that scatters widely raises the bar with it: 3 robust SDs, not 15%', () => {
  // A 1.4× process stands out of a ±2% suite; in one with ±25% noise in every row it is within it.
  const quiet = suite({ slow: { '3|b|1': 1.4 } });
  assert.equal(slowProcesses(quiet).runtimes.get('b')?.slow, 1);
  const noisy = quiet.map((c) => ({
    ...c,
    rounds: c.rounds.map((r, k) => ({ ...r, time: r.time * [1, 1.25, 0.8, 1.2, 0.85, 1.1, 0.9, 1.15, 0.87][k] })),
  }));
  assert.equal(slowProcesses(noisy).runtimes.get('b')?.slow, 0);
});

test('with calibrations: a slow process whose calibration ran slow is seen (the host), one whose calibration ran at speed is unseen (the runtime)', () => {
  const r = slowProcesses(
    suite({
      slow: { '2|b|4': 1.6, '4|b|2': 1.5, '6|c|8': 1.4 },
      cal: { '2|b|4': 1.5, '0|a|1': 1.4 },
      replaced: ['1|a|2', '7|a|3'],
    }),
  );
  const b = r.cells.find((c) => c.key === 's/w2' && c.runtime === 'b');
  assert.equal(b?.slow[0].calibration, 'seen');
  assert.equal(r.cells.find((c) => c.key === 's/w4' && c.runtime === 'b')?.slow[0].calibration, 'unseen');
  const t = (id) => {
    const x = r.runtimes.get(id);
    return [x?.slow, x?.seen, x?.unseen, x?.replaced];
  };
  // a: its slow calibration had a normal workload (not a slow process); two replaced processes.
  assert.deepEqual(t('a'), [0, 0, 0, 2]);
  assert.deepEqual(t('b'), [2, 1, 1, 0]);
  assert.deepEqual(t('c'), [1, 0, 1, 0]);
});

test('a row of two rounds is not judged, and a suite too small for a robust spread judges nothing', () => {
  const two = slowProcesses(suite({ rounds: 2, slow: { '0|a|1': 2 } }));
  assert.deepEqual([two.runtimes.get('a')?.processes, two.runtimes.get('a')?.checked], [16, 0]);
  // One row of three rounds on two runtimes: 6 pairs within cells, too few for a pooled robust SD.
  const tiny = slowProcesses(suite({ rows: 1, runtimes: ['a', 'b'], rounds: 3, slow: { '0|a|1': 2 } }));
  assert.equal(tiny.runtimes.get('a')?.checked, 0);
});
