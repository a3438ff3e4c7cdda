// Run: /work/main/node_modules/.bin/node --test /tmp/proto-stats/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MODES } from '../defaults.js';
import {
  noiseFloor,
  OFF_MODE_MIN_ROUNDS,
  offMode,
  pairedRatio,
  setAside,
  tCdf,
  tQuantile,
  unpairedRatio,
  VERDICT_MARK,
  widthText,
} from './paired.js';
import { uniform } from './prng.js';
import { adjustTable, benjaminiHochberg, holm, moderateTable } from './table-stats.js';

const fmtRatio = (r) => `${VERDICT_MARK[r.verdict]}${r.ratio.toFixed(2)}x`;

// Default rounds come from lib/measure/defaults.js; 2 rounds (QUICK's old default) is kept to show why it went.
const FULL_ROUNDS = MODES.full.rounds;
const QUICK_ROUNDS = MODES.quick.rounds;
const CURRENT_QUICK_ROUNDS = 2;

/** Standard normal (Box–Muller). */
function gauss(rand) {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Log-normal sigma for a coefficient of variation. */
const sigma = (cv) => Math.sqrt(Math.log(1 + cv * cv));

/**
 * One table row: per-round medians of a baseline `a` and a runtime `b` whose throughput is
 * `effect` times a's. Each round: a drift shared by both runtimes (the machine slows down for
 * the whole round) times each runtime's own log-normal noise of CV `cv`; optionally, with
 * probability `outlier`, a job lands on a noisy neighbour and takes 1.3x as long.
 */
function simRow(rand, { rounds, cv, drift = 0.05, effect = 1, outlier = 0 }) {
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    const shared = sigma(drift) * gauss(rand);
    const slow = () => (outlier && rand() < outlier ? Math.log(1.3) : 0);
    a.push(1e6 * Math.exp(shared + sigma(cv) * gauss(rand) + slow()));
    b.push((1e6 / effect) * Math.exp(shared + sigma(cv) * gauss(rand) + slow()));
  }
  return [a, b];
}

const ROWS = 4000;
const flagged = (r) => r.verdict === 'faster' || r.verdict === 'slower';

function flaggedShare(opts, seed) {
  const rand = uniform(seed);
  let k = 0;
  for (let i = 0; i < ROWS; i++) {
    const [a, b] = simRow(rand, opts);
    if (flagged(pairedRatio(a, b))) k++;
  }
  return k / ROWS;
}

// The paired t test is exact under this model: its false-positive rate is 5% by construction,
// so a finite simulation lands on either side of 5%. Allow three Monte Carlo standard errors.
const FP_LIMIT = 0.05 + 3 * Math.sqrt((0.05 * 0.95) / ROWS);

test('t quantiles match tables', () => {
  const known = [
    [1, 12.7062],
    [2, 4.3027],
    [3, 3.1824],
    [4, 2.7764],
    [9, 2.2622],
    [30, 2.0423],
  ];
  for (const [df, q] of known)
    assert.ok(Math.abs(tQuantile(0.975, df) - q) < 5e-4, `df ${df}: ${tQuantile(0.975, df)}`);
  assert.ok(Math.abs(tQuantile(0.995, 1) - 63.6567) < 1e-3);
  assert.ok(Math.abs(tQuantile(0.975, 1e6) - 1.96) < 1e-3);
  assert.ok(Math.abs(tQuantile(0.025, 4) + 2.7764) < 5e-4);
  // Closed forms: df 1 is Cauchy, df 2 has F(t) = 1/2 + t / (2 sqrt(2 + t^2)).
  assert.ok(Math.abs(tCdf(1, 1) - 0.75) < 1e-12);
  assert.ok(Math.abs(tCdf(1.5, 2) - (0.5 + 1.5 / (2 * Math.sqrt(2 + 2.25)))) < 1e-12);
  assert.ok(Math.abs(tCdf(tQuantile(0.9, 7.3), 7.3) - 0.9) < 1e-10);
});

test('pairedRatio: geometric mean of per-round ratios, > 1 when b is faster', () => {
  const r = pairedRatio([200, 220, 180], [100, 100, 100]);
  assert.ok(Math.abs(r.ratio - Math.cbrt(2 * 2.2 * 1.8)) < 1e-12);
  assert.equal(r.verdict, 'faster');
  assert.equal(r.n, 3);
  assert.ok(r.ci95[0] > 1 && r.ci95[0] < r.ratio && r.ratio < r.ci95[1]);
  assert.equal(pairedRatio([100, 100, 100], [200, 210, 190]).verdict, 'slower');
});

test('pairedRatio cancels drift shared within a round', () => {
  // The machine is 40% slower in round 2 for both runtimes; b is steadily 10% faster.
  const a = [110, 154, 110.5, 109.5];
  const b = [100, 140, 100.5, 99.5];
  const paired = pairedRatio(a, b);
  assert.equal(paired.verdict, 'faster');
  assert.notEqual(unpairedRatio(a, b).verdict, 'faster');
});

test('three verdicts: faster/slower when the interval excludes 1, equivalent by TOST on ±log 1.05, else inconclusive', () => {
  assert.equal(pairedRatio([100], [95]).verdict, 'inconclusive');
  assert.equal(pairedRatio([100, 103], [101, 100]).verdict, 'inconclusive');
  assert.equal(pairedRatio([200, 202], [100, 100.5]).verdict, 'faster');
  // Within ±3% over 3 rounds: TOST at 5% (the 90% interval inside [1/1.05, 1.05]) says equivalent,
  // though the 95% interval reaches past 1/1.05; twice the scatter cannot say.
  const three = pairedRatio([100, 103, 99], [101, 100, 100]);
  assert.equal(three.verdict, 'equivalent');
  assert.ok(three.ci95[0] < 1 / 1.05, String(three.ci95));
  assert.equal(pairedRatio([100, 106, 98], [101, 100, 100]).verdict, 'inconclusive');
  // Tight rounds around 1: the whole interval inside ±5% is a claim of equivalence.
  const eq = pairedRatio([100, 101, 100, 99.5, 100.2], [100.3, 100.6, 100.1, 99.9, 100]);
  assert.equal(eq.verdict, 'equivalent');
  assert.ok(eq.ci95[0] >= 0.95 && eq.ci95[1] <= 1.05);
  assert.equal(fmtRatio(pairedRatio([100, 103], [101, 100])), '?1.01x');
  assert.equal(fmtRatio(eq), '=1.00x');
  assert.equal(fmtRatio(pairedRatio([200, 202], [100, 100.5])), '2.00x');
  assert.equal(pairedRatio([], []).verdict, 'inconclusive');
  // Identical per-round ratios: no spread, the sign decides.
  assert.equal(pairedRatio([200, 200, 200], [100, 100, 100]).verdict, 'faster');
  // The kept file's bun sqrt-sin-loop rounds (7.68, 5.10, 5.19× node): a difference, not "the same".
  const big = pairedRatio([7.68, 5.1, 5.19], [1, 1, 1]);
  assert.equal(big.verdict, 'faster');
  assert.ok(big.ci95[0] > 3 && big.ci95[1] < 11, String(big.ci95));
});

test('widthText: an inconclusive verdict says how wide and on how much', () => {
  assert.equal(widthText({ ci95: [0.67, 1.49], n: 3 }), '±49%, 3 rounds');
  assert.equal(widthText({ ci95: [0.98, 1.02], n: 8 }), '±2.0%, 8 rounds');
  assert.equal(widthText({ ci95: [Number.NaN, Number.NaN], n: 1 }), '1 round, no interval');
});

test('rounds off the main mode: one odd process of five is set aside and listed, the rest decide', () => {
  // A parse that takes 6.3–7.2 ms a call in every process but one (10.4 ms), against a runtime at
  // a steady 6.4 ms: the kept 30-round population's shape (docs/statistics.md).
  const a = [6.66, 6.78, 6.71, 10.4, 6.54];
  const b = [6.4, 6.5, 6.45, 6.3, 6.38];
  const logs = a.map((x, i) => Math.log(x / b[i]));
  assert.deepEqual(offMode(logs), [3]);
  const r = setAside(logs, offMode(logs));
  assert.deepEqual(r.set_aside?.index, [3]);
  assert.equal(r.set_aside?.of, 5);
  assert.equal(r.n, 4);
  assert.ok(Math.abs(r.ratio - 1.037) < 0.005, `${r.ratio}`);
  assert.equal(r.verdict, 'faster');
  assert.equal(widthText(r).endsWith('4 of 5 rounds'), true);
  // Without the rule the odd round decides: the plain t interval of all five holds 1.
  const all = pairedRatio(a, b);
  assert.equal(all.verdict, 'inconclusive');
  assert.equal(all.set_aside, undefined);
});

test('no main mode: under 4 rounds, no round far out, or too many far out to be the minority', () => {
  assert.equal(OFF_MODE_MIN_ROUNDS, 4);
  assert.deepEqual(offMode([0, 0.01, 0.5]), []);
  assert.deepEqual(offMode([0, 0.01, -0.01, 0.02]), []);
  assert.deepEqual(offMode([0, 0.01, -0.01, 0.5]), [3]);
  // two of five far out (40%) are not a minority of one mode: every round counts
  assert.deepEqual(offMode([0, 0.01, -0.01, 0.5, 0.6]), []);
  assert.deepEqual(offMode([0, 0.01, -0.01, 0.02, 0.5, -0.4]), [4, 5]);
  // a bar wider than the default (a table's 3 robust SDs) keeps them
  assert.deepEqual(offMode([0, 0.01, -0.01, 0.02, 0.5, -0.4], 0.6), []);
});

/** One table's paired ratios of `rows` comparisons, `rounds` each, log-normal noise of SD `sd`
 *  per runtime, each job `slow` likely to run 1.5x slow (the host's odd process). */
function tableOf(rand, { rows, rounds, sd, slow = 0, effect = (/** @type {number} */ _k) => 1 }) {
  return Array.from({ length: rows }, (_, k) => {
    const odd = () => (rand() < slow ? Math.log(1.5) : 0);
    const a = Array.from({ length: rounds }, () => Math.exp(sd * gauss(rand) + odd()));
    const b = Array.from({ length: rounds }, () => Math.exp(sd * gauss(rand) + odd()) / effect(k));
    return pairedRatio(a, b);
  });
}

test('a table sets aside the odd process of a tight comparison, and nothing of comparisons as scattered as their neighbours', () => {
  const rand = uniform(8100);
  // 20 comparisons at 1% noise, one with a 1.6x odd round: only that round goes, and the rest decide it
  const tight = tableOf(rand, { rows: 20, rounds: 5, sd: 0.01, effect: () => 1.05 });
  const logs = [0.05, 0.052, 0.047, 0.05 + Math.log(1.6), 0.049];
  tight.push(
    pairedRatio(
      logs.map(Math.exp),
      logs.map(() => 1),
    ),
  );
  moderateTable(tight);
  adjustTable(tight);
  assert.deepEqual(tight[20].set_aside?.index, [3]);
  assert.equal(tight[20].verdict, 'faster');
  assert.equal(tight.filter((r) => r.set_aside).length, 1);
  // 84 comparisons at 10% noise, 6 rounds: the bar is 3 of their SDs, so few are trimmed (a normal
  // round beyond 3 SDs of the median: about 2.5% of comparisons) and those few make no claims
  let trimmed = 0;
  let claims = 0;
  for (let t = 0; t < 50; t++) {
    const wide = tableOf(rand, { rows: 84, rounds: 6, sd: 0.1 });
    moderateTable(wide);
    adjustTable(wide);
    trimmed += wide.filter((r) => r.set_aside).length;
    claims += wide.filter((r) => r.set_aside && flagged(r)).length;
  }
  assert.ok(trimmed / (50 * 84) < 0.05, `${trimmed} of ${50 * 84} trimmed`);
  assert.ok(claims / (50 * 84) < 0.005, `${claims} trimmed comparisons flagged`);
});

for (const rounds of [4, 6]) {
  test(`A/A tables, ${rounds} rounds, 5% noise and 10% of jobs 1.5x slow: at most 5% of comparisons flagged`, () => {
    const rand = uniform(9000 + rounds);
    let k = 0;
    let n = 0;
    for (let t = 0; t < 40; t++) {
      const table = tableOf(rand, { rows: 84, rounds, sd: 0.05, slow: 0.1 });
      moderateTable(table);
      adjustTable(table);
      k += table.filter(flagged).length;
      n += table.length;
    }
    assert.ok(k / n <= FP_LIMIT, `${((k / n) * 100).toFixed(2)}% flagged`);
  });
}

test('unpairedRatio: Welch on log times', () => {
  const r = unpairedRatio([200, 210, 190, 205], [100, 104, 98, 101]);
  assert.equal(r.verdict, 'faster');
  assert.ok(Math.abs(r.ratio - 2) < 0.05);
  assert.equal(unpairedRatio([100, 104, 97], [101, 98, 102]).verdict, 'inconclusive');
  assert.equal(unpairedRatio([100], [101, 98]).verdict, 'inconclusive');
});

for (const rounds of [FULL_ROUNDS, QUICK_ROUNDS, CURRENT_QUICK_ROUNDS]) {
  for (const cv of [0.02, 0.05, 0.1]) {
    test(`A/A, ${rounds} rounds, ${cv * 100}% noise per runtime + 5% shared drift: at most 5% flagged`, () => {
      const share = flaggedShare({ rounds, cv }, 1000 + rounds * 10 + cv * 100);
      assert.ok(share <= FP_LIMIT, `${(share * 100).toFixed(1)}% flagged`);
    });
  }
  test(`A/A, ${rounds} rounds, 5% noise, 10% drift and 5% of jobs hit by a 1.3x neighbour: at most 5% flagged`, () => {
    const share = flaggedShare({ rounds, cv: 0.05, drift: 0.1, outlier: 0.05 }, 2000 + rounds);
    assert.ok(share <= FP_LIMIT, `${(share * 100).toFixed(1)}% flagged`);
  });
}

test('noiseFloor of an A/A file', () => {
  const rand = uniform(7);
  const pairs = /** @type {[number[], number[]][]} */ (
    Array.from({ length: 200 }, () => simRow(rand, { rounds: FULL_ROUNDS, cv: 0.05 }))
  );
  const f = noiseFloor(pairs);
  assert.equal(f.rows, 200);
  assert.ok(f.flaggedShare <= 0.1);
  // Truth is 1 in an A/A: about 95% of the 95% intervals hold it (log-normal rounds here).
  assert.ok(f.coverage > 0.9 && f.coverage <= 1, `${f.coverage}`);
  // |log ratio mean| ~ |N(0, 0.05·√2/√5)|: median about 0.674 × 0.032 = 2.1%.
  assert.ok(f.medianAbsDev > 0.01 && f.medianAbsDev < 0.035, `${f.medianAbsDev}`);
  assert.ok(f.widestHalfWidth > f.medianAbsDev);
});

// Power: a 10% difference at 2% noise per runtime (per-round ratio CV about 2.8%) is found at
// least 80% of the time at 4 and 5 rounds. At 5% noise it is found about 46% (4 rounds) and
// 62% (5 rounds) of the time, at 10% noise 16% and 22%: there only more rounds help (8 rounds
// reach 90% at 5% noise).
for (const rounds of [FULL_ROUNDS, QUICK_ROUNDS]) {
  test(`a 10% difference at 2% noise is flagged at least 80% of the time with ${rounds} rounds`, () => {
    assert.ok(flaggedShare({ rounds, cv: 0.02, effect: 1.1 }, 3000 + rounds) >= 0.8);
    assert.ok(flaggedShare({ rounds, cv: 0.02, effect: 1 / 1.1 }, 4000 + rounds) >= 0.8);
  });
}

test('power at 5% and 10% noise, 5 rounds, is what the notes say', () => {
  // Five rounds, as the notes say.
  const at5 = flaggedShare({ rounds: 5, cv: 0.05, effect: 1.1 }, 5001);
  const at10 = flaggedShare({ rounds: 5, cv: 0.1, effect: 1.1 }, 5002);
  assert.ok(at5 > 0.55 && at5 < 0.7, `${at5}`);
  assert.ok(at10 > 0.17 && at10 < 0.27, `${at10}`);
});

test("2 rounds (QUICK's old default) cannot find a 10% difference: most cells are inconclusive", () => {
  const rand = uniform(6000);
  let tooFew = 0;
  let found = 0;
  for (let i = 0; i < ROWS; i++) {
    const [a, b] = simRow(rand, { rounds: CURRENT_QUICK_ROUNDS, cv: 0.02, effect: 1.1 });
    const r = pairedRatio(a, b);
    if (r.verdict === 'inconclusive') tooFew++;
    if (flagged(r)) found++;
  }
  assert.ok(found / ROWS < 0.4, `${found / ROWS}`);
  assert.equal(tooFew + found, ROWS);
});

test('holm multiplies the i-th smallest p by (m − i + 1), monotone, capped at 1, NaN left out', () => {
  const adj = holm([0.01, 0.04, 0.03, 0.005, Number.NaN]);
  const want = [0.03, 0.06, 0.06, 0.02];
  for (const [i, w] of want.entries()) assert.ok(Math.abs(adj[i] - w) < 1e-12, `${i}: ${adj[i]}`);
  assert.ok(Number.isNaN(adj[4]));
  assert.deepEqual(holm([0.9, 0.4]), [0.9, 0.8]);
});

test('adjustTable (FCR intervals) keeps a table of 84 A/A comparisons under 5% with any claim, and its marks agree with its intervals', () => {
  const rand = uniform(11);
  const z = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  let tablesWithRaw = 0;
  let tablesWithClaim = 0;
  const tables = 300;
  for (let t = 0; t < tables; t++) {
    const ratios = Array.from({ length: 84 }, () => {
      const a = Array.from({ length: 4 }, () => Math.exp(0.1 * z()));
      const b = Array.from({ length: 4 }, () => Math.exp(0.1 * z()));
      return pairedRatio(a, b);
    });
    if (ratios.some((r) => r.verdict === 'faster' || r.verdict === 'slower')) tablesWithRaw++;
    adjustTable(ratios);
    if (ratios.some((r) => r.verdict === 'faster' || r.verdict === 'slower')) tablesWithClaim++;
    for (const r of ratios) {
      const excludes = r.ci95[0] > 1 || r.ci95[1] < 1;
      assert.equal(excludes, r.verdict === 'faster' || r.verdict === 'slower', 'the mark follows the printed interval');
      assert.ok(r.ci95[1] - r.ci95[0] >= (r.ci95_raw?.[1] ?? 0) - (r.ci95_raw?.[0] ?? 0), 'adjusted is never narrower');
    }
  }
  assert.ok(tablesWithRaw / tables > 0.9, `raw: ${tablesWithRaw}`);
  assert.ok(tablesWithClaim / tables <= 0.08, `FCR: ${tablesWithClaim}`);
  // A real difference far beyond the noise survives the correction, and BH's selection is the interval's.
  const real = [
    pairedRatio([2, 2.1, 1.9, 2], [1, 1.02, 0.99, 1]),
    ...Array.from({ length: 20 }, () => pairedRatio([1, 1.1, 0.9, 1], [1, 1, 1.1, 0.9])),
  ];
  adjustTable(real);
  assert.equal(real[0].verdict, 'faster');
  assert.ok((real[0].p_adj ?? 1) < 0.05 && real[0].ci95[0] > 1);
});

test('Benjamini–Hochberg: m·p(i)/i made monotone from the top, capped at 1; it keeps an A/A table under 5%', () => {
  const adj = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
  // sorted 0.005, 0.01, 0.03, 0.04 → 0.02, 0.02, 0.04, 0.04
  const want = [0.02, 0.04, 0.04, 0.02];
  for (const [i, w] of want.entries()) assert.ok(Math.abs(adj[i] - w) < 1e-12, `${i}: ${adj[i]}`);
  const rand = uniform(5);
  const z = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  let flaggedTables = 0;
  for (let t = 0; t < 300; t++) {
    const ratios = Array.from({ length: 84 }, () =>
      pairedRatio(
        Array.from({ length: 4 }, () => Math.exp(0.1 * z())),
        Array.from({ length: 4 }, () => Math.exp(0.1 * z())),
      ),
    );
    adjustTable(ratios);
    if (ratios.some((r) => r.verdict === 'faster' || r.verdict === 'slower')) flaggedTables++;
  }
  assert.ok(flaggedTables / 300 <= 0.08, `BH: ${flaggedTables}`);
});
