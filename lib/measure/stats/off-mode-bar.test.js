// The off-mode bar reads the suite's robust spread: slow processes in many of a suite's
// comparisons do not raise the bar that should set them aside, and plain noise still keeps every
// round (moderateTable, table-stats.js; the rule in paired.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fitPrior } from './moderated.js';
import { OFF_MODE_SDS, pairedRatio } from './paired.js';
import { uniform } from './prng.js';
import { moderateTable } from './table-stats.js';

/** Standard normal draws from the seeded generator (Box–Muller). */
function normal(seed) {
  const u = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

/** A suite of 16 comparisons of 6 rounds, 2.5% log noise; `slow` of them with one round 40% slow. */
function suite(slow, seed) {
  const z = normal(seed);
  return Array.from({ length: 16 }, (_, c) => {
    const logs = Array.from({ length: 6 }, (_, i) => 0.1 * (c % 4) + 0.025 * z() + (c < slow && i === 2 ? -0.5 : 0));
    return pairedRatio(
      logs.map(Math.exp),
      logs.map(() => 1),
    );
  });
}

test('a slow process in every comparison of a suite is still set aside (a variance-fitted bar would not be)', () => {
  const ratios = suite(16, 3);
  // The prior's s0, fitted on raw variances, is inflated by the slow rounds: 3 s0 would keep them.
  const prior = fitPrior(
    ratios.map((r) => r.se ** 2 * r.n),
    ratios.map((r) => r.df),
  );
  assert.ok(OFF_MODE_SDS * Math.sqrt(prior.s02) > 0.5, `3 s0 = ${3 * Math.sqrt(prior.s02)}`);
  moderateTable(ratios);
  assert.deepEqual(
    ratios.map((r) => r.set_aside?.index ?? []),
    Array(16).fill([2]),
  );
});

test('a suite of plain noise keeps every round', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const ratios = moderateTable(suite(0, seed));
    assert.equal(ratios.filter((r) => r.set_aside).length, 0, `seed ${seed}`);
  }
});
