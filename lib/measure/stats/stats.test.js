import assert from 'node:assert/strict';
import { test } from 'node:test';
import { uniform } from './prng.js';
import { cv, median, medianCI, quantileSorted, roundsInterval, thinSamples } from './stats.js';

test('median of odd and even counts', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
});

test('quantileSorted interpolates between neighbours', () => {
  assert.equal(quantileSorted([0, 10], 0.25), 2.5);
});

test('medianCI brackets the median and narrows with more samples', () => {
  const few = Array.from({ length: 20 }, (_, i) => i);
  const many = Array.from({ length: 2000 }, (_, i) => i % 20);
  const [lo, hi] = medianCI(few);
  assert.ok(lo <= median(few) && median(few) <= hi);
  const [lo2, hi2] = medianCI(many);
  assert.ok(hi2 - lo2 < hi - lo);
});

test('cv is zero for constant data and positive otherwise', () => {
  assert.equal(cv([5, 5, 5]), 0);
  assert.ok(cv([1, 2, 3]) > 0);
});

test('thinSamples keeps min, max and the requested count', () => {
  const xs = Array.from({ length: 1000 }, (_, i) => 1000 - i);
  const t = thinSamples(xs, 50);
  assert.equal(t.length, 50);
  assert.equal(t[0], 1);
  assert.equal(t.at(-1), 1000);
});

/** Share of simulated cells whose interval holds the true level, for n rounds drawn by `draw`. */
function coverage(interval, n, draw, reps = 4000) {
  let hit = 0;
  for (let i = 0; i < reps; i++) {
    const xs = Array.from({ length: n }, draw);
    const [lo, hi] = interval(xs);
    if (lo <= 1 && 1 <= hi) hit++;
  }
  return hit / reps;
}

/** Standard normal draws (Box–Muller over the seeded PRNG): the same simulation on every run. */
function normal(seed) {
  const rand = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

test('a cell interval labelled 95% covers the true level at least 93% of the time for 2 to 10 rounds', () => {
  for (let n = 2; n <= 10; n++) {
    // Round medians log-normal around 1 (10% spread), and plain normal (5%): both must hold.
    const z = normal(n);
    const logNormal = coverage(roundsInterval, n, () => Math.exp(0.1 * z()));
    const plain = coverage(roundsInterval, n, () => 1 + 0.05 * z());
    assert.ok(logNormal >= 0.93, `log-normal rounds, n=${n}: coverage ${logNormal}`);
    assert.ok(plain >= 0.93, `normal rounds, n=${n}: coverage ${plain}`);
  }
});

test('roundsInterval has no interval for one round and handles values at or below zero', () => {
  assert.ok(roundsInterval([5]).every(Number.isNaN));
  const [lo, hi] = roundsInterval([-1, 0, 1]);
  assert.ok(lo < 0 && hi > 0);
});
