import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bootstrapMedianCI, cv, median, medianCI, quantileSorted, thinSamples } from './stats.js';

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

test('bootstrap interval is reproducible and contains the median', () => {
  const xs = [10, 11, 9, 10.5, 9.5];
  assert.deepEqual(bootstrapMedianCI(xs), bootstrapMedianCI(xs));
  const [lo, hi] = bootstrapMedianCI(xs);
  assert.ok(lo <= 10 && 10 <= hi);
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
