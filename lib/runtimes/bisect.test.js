import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairedRatio } from '../measure/stats/paired.js';
import { uniform } from '../measure/stats/prng.js';
import { bisectSearch, isLike, stepMargin, stepText } from './bisect.js';

const VERSIONS = Array.from({ length: 17 }, (_, i) => `24.${i + 9}.0`);

/**
 * A synthetic measurement: each release has a true time per op; each run gives `rounds` round
 * medians with log-normal noise (sd per release, default 2%), compared with the same paired test
 * the tables use. A release in `bimodal` runs in one of two modes per process, the slow one
 * `bimodal(v)` times slower (half the rounds on average), as node 24.9.0's read-prefilled did
 * (36–68 MB/s in one kept bisect).
 * @param {(v: string) => number} truth
 * @param {{sd?: Record<string, number>, rounds?: number, seed?: number, bimodal?: (v: string) => number}} [opts]
 */
function synthetic(truth, { sd = {}, rounds = 4, seed = 7, bimodal = (_v) => 1 } = {}) {
  const r = uniform(seed);
  const normal = () => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
  const runs = [];
  const measure = async (vs, attempt) => {
    runs.push(vs);
    const n = rounds * 2 ** attempt;
    const shared = Array.from({ length: n }, () => 0.01 * normal());
    const times = Object.fromEntries(
      vs.map((v) => [
        v,
        shared.map((s) => truth(v) * Math.exp(s + (sd[v] ?? 0.02) * normal()) * (r() < 0.5 ? bimodal(v) : 1)),
      ]),
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

test('a 60× step whose slow end is bimodal (modes 1.9× apart) is placed by a margin scaled to the step, where ±5% is inconclusive', async () => {
  const outcomes = { scaled: { found: 0 }, fixed: { inconclusive: 0 } };
  for (let seed = 1; seed <= 30; seed++) {
    const at = VERSIONS[1 + (seed % (VERSIONS.length - 1))];
    const slow = (v) => stepAt(at, 60, 1)(v) === 60;
    const opts = { rounds: 5, seed, bimodal: (v) => (slow(v) ? 1.9 : 1) };
    const out = await bisectSearch(VERSIONS, synthetic(stepAt(at, 60, 1), opts).measure);
    if (out.status === 'found') {
      assert.equal(out.after, at, `seed ${seed}: found ${out.after}, the step is at ${at}`);
      outcomes.scaled.found++;
    } else assert.equal(out.status, 'inconclusive', `seed ${seed}: ${out.status}`);
    for (const s of out.steps) assert.ok(s.margin && s.margin.log > Math.log(1.05), `seed ${seed}: ${s.why}`);
    // The same seeds under the fixed ±5% margin (fraction 0): a bimodal release is never within ±5% of
    // another, so whichever step has one as its middle cannot be placed.
    const fixed = await bisectSearch(VERSIONS, synthetic(stepAt(at, 60, 1), opts).measure, { fraction: 0 });
    if (fixed.status === 'inconclusive') outcomes.fixed.inconclusive++;
    else if (fixed.status === 'found') assert.equal(fixed.after, at);
  }
  assert.ok(outcomes.scaled.found >= 24, `scaled margin found ${outcomes.scaled.found} of 30`);
  assert.ok(outcomes.fixed.inconclusive >= 24, `fixed margin inconclusive in ${outcomes.fixed.inconclusive} of 30`);
});

test('the margin is a share of the smallest change the ends show, never under ±5%, and "like" needs the whole interval inside it', () => {
  const ends = { significant: true, ratio: 59.8, ci95: /** @type {[number, number]} */ ([44.3, 80.6]), size: 4.09 };
  const m = stepMargin(ends);
  assert.ok(Math.abs(m.log - 0.25 * Math.log(44.3)) < 1e-12);
  assert.equal(stepMargin({ ...ends, ratio: 1 / 59.8, ci95: [1 / 80.6, 1 / 44.3] }).log, m.log);
  assert.equal(stepMargin({ significant: true, ratio: 1.1, ci95: [1.06, 1.14], size: 0.1 }).log, Math.log(1.05));
  assert.equal(stepMargin({ significant: false, ratio: 3, ci95: [0.5, 18], size: 1.1 }).of, null);
  // The kept node 24 step: 24.14.1 against 24.9.0 was 0.79× [0.55–1.15], inside [0.39–2.58].
  const toLo = {
    significant: false,
    verdict: 'inconclusive',
    ratio: 0.79,
    ci95: /** @type {[number, number]} */ ([0.55, 1.15]),
    size: 0.23,
  };
  assert.equal(isLike(toLo, m), true);
  assert.equal(isLike(toLo), false);
  assert.equal(isLike({ ...toLo, ci95: [0.3, 1.15] }, m), false);
  // A WPT comparison (no paired verdict) is like an end when it does not differ, whatever the margin.
  assert.equal(isLike({ significant: false, size: 0 }, m), true);
});

test('every step line of a bisect prints its margin; a step recorded before margins scaled says ±5% (fixed)', async () => {
  const out = await bisectSearch(VERSIONS, synthetic(stepAt('24.13.0', 60, 1), { rounds: 5 }).measure);
  assert.equal(out.status, 'found');
  for (const s of out.steps)
    assert.match(stepText(s), /margin \[0\.\d\d–\d\.\d\d\], 0\.25 of the step in log \(ends ≥ \d+\.?\d*× apart\)\)$/);
  const { margin, ...old } = out.steps[0];
  const line = stepText({ ...old, why: `${old.why} (against x: inconclusive)` });
  assert.match(line, /\(against 24\.9\.0: [^;]+; against 24\.25\.0: [^;]+; margin ±5% \(fixed\)\)$/);
  assert.doesNotMatch(line, /against x/);
});

test('bisect finds a small step (10%) at either end of the range', async () => {
  for (const at of ['24.10.0', '24.25.0']) {
    const out = await bisectSearch(VERSIONS, synthetic(stepAt(at, 1.1, 1), { rounds: 6 }).measure);
    assert.equal(out.status, 'found', at);
    assert.equal(out.after, at);
  }
});

test('bisect stops when the ends do not differ: measured again only while undecided, never a step', async () => {
  const counts = new Map();
  for (let seed = 1; seed <= 10; seed++) {
    const { measure, runs } = synthetic(() => 5, { seed });
    const out = await bisectSearch(VERSIONS, measure);
    assert.ok(['no-change', 'inconclusive'].includes(out.status), `seed ${seed}: ${out.status}`);
    assert.ok(runs.length <= 3, `seed ${seed}: ${runs.length} measurements`);
    assert.equal(out.comparison.significant, false);
    counts.set(out.status, (counts.get(out.status) ?? 0) + 1);
  }
  assert.ok((counts.get('no-change') ?? 0) >= 8, JSON.stringify([...counts]));
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
