import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairedRatio } from '../measure/paired.js';
import { rng } from '../measure/stats.js';
import { bisectSearch } from './bisect.js';

const VERSIONS = Array.from({ length: 17 }, (_, i) => `24.${i + 9}.0`);

/**
 * A synthetic measurement: each release has a true time per op; each run gives `rounds` round
 * medians with log-normal noise (sd per release, default 2%), compared with the same paired test
 * the tables use.
 */
function synthetic(truth, { sd = {}, rounds = 4, seed = 7 } = {}) {
  const r = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
  const runs = [];
  const measure = async (vs, attempt) => {
    runs.push(vs);
    const n = rounds * 2 ** attempt;
    const shared = Array.from({ length: n }, () => 0.01 * normal());
    const times = Object.fromEntries(
      vs.map((v) => [v, shared.map((s) => truth(v) * Math.exp(s + (sd[v] ?? 0.02) * normal()))]),
    );
    return {
      compare(a, b) {
        const p = pairedRatio(times[a], times[b]);
        return {
          ...p,
          significant: p.verdict === 'faster' || p.verdict === 'slower',
          size: Math.abs(Math.log(p.ratio)),
        };
      },
    };
  };
  return { measure, runs };
}

const stepAt = (v0, slow, fast) => (v) => (Number(v.split('.')[1]) < Number(v0.split('.')[1]) ? slow : fast);

test('bisect finds the release where the figure changed, in about log2(n) steps', async () => {
  const { measure, runs } = synthetic(stepAt('24.13.0', 100, 1), { rounds: 5 });
  const out = await bisectSearch(VERSIONS, measure);
  assert.equal(out.status, 'found');
  assert.equal(out.before, '24.12.0');
  assert.equal(out.after, '24.13.0');
  assert.ok(out.comparison.significant);
  // 4 steps, a step measured again when its middle is not yet shown equivalent to one end.
  assert.ok(runs.length <= 8, `took ${runs.length} runs`);
});

test('a 10% step under realistic noise (3% per round, 5 rounds) is found at its release or called inconclusive, never misplaced', async () => {
  let found = 0;
  for (let seed = 1; seed <= 30; seed++) {
    const at = VERSIONS[1 + (seed % (VERSIONS.length - 1))];
    const sd = Object.fromEntries(VERSIONS.map((v) => [v, 0.03]));
    const out = await bisectSearch(VERSIONS, synthetic(stepAt(at, 1.1, 1), { rounds: 5, seed, sd }).measure);
    if (out.status === 'found') {
      assert.equal(out.after, at, `seed ${seed}: found ${out.after}, the step is at ${at}`);
      found++;
    } else assert.equal(out.status, 'inconclusive', `seed ${seed}: ${out.status}`);
  }
  assert.ok(found >= 24, `found ${found} of 30`);
});

test('bisect finds a small step (10%) at either end of the range', async () => {
  for (const at of ['24.10.0', '24.25.0']) {
    const out = await bisectSearch(VERSIONS, synthetic(stepAt(at, 1.1, 1), { rounds: 6 }).measure);
    assert.equal(out.status, 'found', at);
    assert.equal(out.after, at);
  }
});

test('bisect stops when the ends do not differ, after measuring them once more', async () => {
  const { measure, runs } = synthetic(() => 5);
  const out = await bisectSearch(VERSIONS, measure);
  assert.equal(out.status, 'no-change');
  assert.equal(runs.length, 2);
  assert.equal(out.comparison.significant, false);
});

test('bisect over a noisy middle release ends on a significant adjacent pair, or says it could not tell', async () => {
  // 24.17.0, the first middle, is 60% noise per round: it is measured twice, then the search follows
  // the larger difference; whatever it does, a reported step must be significant on its own.
  for (let seed = 1; seed <= 20; seed++) {
    const { measure, runs } = synthetic(stepAt('24.20.0', 3, 1), { sd: { '24.17.0': 0.6 }, seed, rounds: 5 });
    const out = await bisectSearch(VERSIONS, measure);
    assert.ok(runs.length <= 12);
    if (out.status === 'found') {
      assert.ok(out.comparison.significant);
      assert.equal(out.after, '24.20.0', `seed ${seed}`);
    } else assert.ok(['no-single-step', 'inconclusive'].includes(out.status), out.status);
  }
});

test('bisect of a gradual change reports no single step rather than inventing one', async () => {
  // Every release 1% faster than the one before: no adjacent pair differs beyond the noise.
  const out = await bisectSearch(
    VERSIONS,
    synthetic((v) => 0.99 ** Number(v.split('.')[1]), { sd: {}, rounds: 5 }).measure,
  );
  assert.notEqual(out.status, 'found');
});

test('bisect of two adjacent releases is one paired comparison', async () => {
  const { measure, runs } = synthetic(stepAt('24.10.0', 2, 1));
  const out = await bisectSearch(['24.9.0', '24.10.0'], measure);
  assert.equal(out.status, 'found');
  assert.equal(runs.length, 1);
  await assert.rejects(bisectSearch(['24.9.0'], measure), /Bisect needs two releases or more, got 24.9.0/);
});
