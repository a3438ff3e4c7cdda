import assert from 'node:assert/strict';
import { test } from 'node:test';
import { digamma, fitPrior, MAX_PRIOR_DF, MIN_GROUP, moderate, trigamma, trigammaInverse } from './moderated.js';
import { pairedRatio } from './paired.js';
import { uniform } from './prng.js';
import { moderateTable } from './table-stats.js';

test('digamma and trigamma at known points', () => {
  // ψ(1) = −γ, ψ(1/2) = −γ − 2 ln 2; ψ′(1) = π²/6, ψ′(1/2) = π²/2.
  const gamma = 0.5772156649015329;
  assert.ok(Math.abs(digamma(1) + gamma) < 1e-10);
  assert.ok(Math.abs(digamma(0.5) + gamma + 2 * Math.LN2) < 1e-10);
  assert.ok(Math.abs(trigamma(1) - Math.PI ** 2 / 6) < 1e-10);
  assert.ok(Math.abs(trigamma(0.5) - Math.PI ** 2 / 2) < 1e-10);
  for (const x of [0.3, 1, 2.5, 10, 40]) assert.ok(Math.abs(trigammaInverse(trigamma(x)) - x) < 1e-6 * x);
});

/** Standard normal (Box–Muller). */
function gauss(rand) {
  const u = (rand() + 1e-12) / (1 + 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Sample variances of `rows` rows of n normal draws, each row's true variance from a scaled inverse χ²(d0, s02) (d0 = 0: s02 itself). */
function variances(rand, rows, n, d0, s02) {
  return Array.from({ length: rows }, () => {
    let chi = 0;
    for (let i = 0; i < (d0 || 0); i++) chi += gauss(rand) ** 2;
    const sigma2 = d0 ? (d0 * s02) / chi : s02;
    const xs = Array.from({ length: n }, () => gauss(rand) * Math.sqrt(sigma2));
    const m = xs.reduce((a, b) => a + b, 0) / n;
    return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1);
  });
}

test('fitPrior recovers a known prior from many rows of 3 rounds', () => {
  const rand = uniform(7);
  const s2 = variances(rand, 4000, 3, 6, 0.0025);
  const p = fitPrior(
    s2,
    s2.map(() => 2),
  );
  assert.ok(p.d0 > 4 && p.d0 < 9, `d0 ${p.d0}`);
  assert.ok(p.s02 > 0.002 && p.s02 < 0.003, `s02 ${p.s02}`);
  // One shared variance (no spread beyond χ²'s): the cap, not infinity.
  const same = variances(rand, 4000, 3, 0, 0.0025);
  assert.equal(
    fitPrior(
      same,
      same.map(() => 2),
    ).d0,
    MAX_PRIOR_DF,
  );
});

test('too few rows: no prior; an outlier keeps its own variance', () => {
  assert.equal(fitPrior([0.01, 0.02], [2, 2]).d0, 0);
  assert.deepEqual(moderate(0.01, 2, { d0: 0, s02: Number.NaN }), { s2: 0.01, df: 2, moderated: false });
  const prior = { d0: 6, s02: 0.0025 };
  const m = moderate(0.002, 2, prior);
  assert.equal(m.moderated, true);
  assert.equal(m.df, 8);
  assert.ok(Math.abs(m.s2 - (6 * 0.0025 + 2 * 0.002) / 8) < 1e-12);
  // 40× the prior's variance at 2 df is beyond F(2, 6)'s 99th percentile (10.9): its own.
  assert.deepEqual(moderate(0.1, 2, prior), { s2: 0.1, df: 2, moderated: false });
});

test('moderateTable: 3-round ratios borrow df within their group, not across groups', () => {
  const rand = uniform(11);
  const ratios = [];
  const groups = [];
  for (let g = 0; g < 2; g++)
    for (let i = 0; i < (g ? MIN_GROUP - 1 : MIN_GROUP + 4); i++) {
      const a = [1, 1, 1];
      const b = a.map(() => Math.exp(0.1 + 0.05 * gauss(rand)));
      ratios.push(pairedRatio(a, b));
      groups.push(g ? 'small' : 'big');
    }
  moderateTable(ratios, (_, i) => groups[i]);
  const big = ratios.filter((_, i) => groups[i] === 'big');
  const small = ratios.filter((_, i) => groups[i] === 'small');
  assert.ok(big.filter((r) => r.moderation).length >= MIN_GROUP, 'the big group borrows');
  for (const r of big.filter((x) => x.moderation)) assert.ok(r.df > 2 && r.moderation?.own_df === 2);
  for (const r of small) assert.equal(r.df, 2, 'a group under MIN_GROUP keeps its own df');
});
