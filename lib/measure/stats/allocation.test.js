import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allocate, roundsToVerdict } from './allocation.js';
import { LOG_MARGIN, verdictAt } from './equivalence.js';

/** A paired ratio's t parts: n rounds of per-round spread sd around log_mean. */
const ratio = (log_mean, sd, n, df = 40) => ({ ratio: Math.exp(log_mean), log_mean, se: sd / Math.sqrt(n), df, n });

test('rounds to a verdict: the rounds at which the optimistic difference, at the same spread, is decided by verdictAt, and one fewer is not', () => {
  for (const [d, sd, n] of [
    [0.1, 0.25, 3],
    [-0.2, 0.3, 4],
    [0.05, 0.4, 5],
  ]) {
    const r = ratio(d, sd, n);
    const k = roundsToVerdict(r, 0.05);
    // The optimistic difference: one standard error further from 1 than measured.
    const far = Math.sign(d) * (Math.abs(d) + r.se);
    const at = (m) => verdictAt(ratio(far, sd, m), 0.05);
    assert.notEqual(at(n + k), 'inconclusive', `${d} ${sd} ${n}: not decided after ${k} more rounds`);
    if (k > 1) assert.equal(at(n + k - 1), 'inconclusive', `${d} ${sd} ${n}: decided before ${k} more rounds`);
  }
});

test('rounds to a verdict: a ratio at 1 is priced for equivalence; more spread or a stricter level needs more rounds', () => {
  // At 1: the rounds at which verdictAt, at the same spread, finds it equivalent, and one fewer not.
  const k = roundsToVerdict(ratio(0, 0.08, 3), 0.05);
  assert.equal(verdictAt(ratio(0, 0.08, 3 + k), 0.05), 'equivalent');
  assert.equal(verdictAt(ratio(0, 0.08, 3 + k - 1), 0.05), 'inconclusive');
  // Halfway to the margin after 12 rounds of a spread of 0.2: neither verdict is near.
  assert.ok(roundsToVerdict(ratio(LOG_MARGIN / 2, 0.2, 12), 0.05) > 10);
  assert.ok(roundsToVerdict(ratio(0.1, 0.3, 4), 0.05) > roundsToVerdict(ratio(0.1, 0.15, 4), 0.05));
  assert.ok(roundsToVerdict(ratio(0.1, 0.3, 4), 0.005) > roundsToVerdict(ratio(0.1, 0.3, 4), 0.05));
  // Decided already: one round (it is not stopped, only priced).
  assert.equal(roundsToVerdict(ratio(0.5, 0.05, 4), 0.05), 1);
  // No spread to read: no price.
  assert.equal(roundsToVerdict({ log_mean: 0.1, se: Number.NaN, df: 0, n: 1 }, 0.05), Number.POSITIVE_INFINITY);
});

test('allocate takes the cheapest verdicts the time left pays for, and always the cheapest one', () => {
  const open = [
    { id: 'a', need: 10, ms: 500 }, // 5 s
    { id: 'b', need: 2, ms: 600 }, // 1.2 s
    { id: 'c', need: 40, ms: 600 }, // 24 s
    { id: 'd', need: 4, ms: 500 }, // 2 s
  ];
  assert.deepEqual([...allocate(open, 9000)].sort(), ['a', 'b', 'd']);
  assert.deepEqual([...allocate(open, 3500)].sort(), ['b', 'd']);
  assert.deepEqual([...allocate(open, 100)], ['b']);
  assert.deepEqual([...allocate(open, 1e6)].sort(), ['a', 'b', 'c', 'd']);
  assert.equal(allocate([], 1000).size, 0);
});
