import assert from 'node:assert/strict';
import { test } from 'node:test';
import { uniform as rng } from './prng.js';
import { madScale, medianOf, pooledMadScale } from './robust.js';

/** Standard normal draws from the seeded generator (Box–Muller). */
function normals(n, seed) {
  const r = rng(seed);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r()));
}

test('median and MAD scale of small known sets', () => {
  assert.equal(medianOf([3, 1, 2]), 2);
  assert.equal(medianOf([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(medianOf([])));
  assert.ok(Math.abs(madScale([1, 2, 3, 4, 100]) - 1.4826) < 1e-12);
});

test('the pooled scale reads the SD of normal rounds, whatever each comparison’s own level', () => {
  const z = normals(600, 7);
  // 100 comparisons of 6 rounds, SD 0.03, levels spread far apart: the levels must not count.
  const comps = Array.from({ length: 100 }, (_, c) => z.slice(c * 6, c * 6 + 6).map((x) => c * 0.1 + 0.03 * x));
  const s = pooledMadScale(comps);
  assert.ok(s > 0.024 && s < 0.036, String(s));
});

test('slow processes in a fifth of the rounds barely move it (a variance-based scale would double)', () => {
  const z = normals(600, 11);
  const comps = Array.from({ length: 100 }, (_, c) =>
    z.slice(c * 6, c * 6 + 6).map((x, i) => 0.03 * x + (c % 5 === 0 && i === 2 ? -0.45 : 0)),
  );
  const s = pooledMadScale(comps);
  assert.ok(s < 0.04, String(s));
  const sd = Math.sqrt(comps.flat().reduce((a, x) => a + x * x, 0) / 600);
  assert.ok(sd > 2 * s, `${sd} vs ${s}`);
});

test('too few rounds to pool is NaN, not a guess', () => {
  assert.ok(Number.isNaN(pooledMadScale([[0.1, 0.2, 0.3]])));
});
