// How often the intervals parity prints hold the truth, measured by resampling real rounds
// instead of assuming a distribution. Pure functions over results rows.
//
// The "bootstrap world": a kept run with many rounds per row is the population. For each
// comparison (a row, a runtime against the baseline) its per-round log ratios are the population's
// noise, bimodal or heavy-tailed as they came, and the truth is what the method estimates when it
// reads all of them: their mean, after the rounds off the main mode are set aside by the same rule
// a table applies (lib/measure/stats/table-stats.js moderateTable; over 30 rounds it sets aside the
// host's odd processes, and a table of 4 or more rounds does the same with its own). A simulated table
// draws n distinct rounds per comparison (each keeps its pairing: the ratio of one round), runs
// the table's method on them (moderation within a suite, then the Benjamini–Yekutieli
// adjustment) and checks each interval against the truth of its comparison.
//
// Drawn without replacement, so no simulated row repeats a process (with replacement, 3 draws from
// 5 rounds repeat one half the time, and a repeat shrinks the row's spread: coverage read 85% for
// an exact method). The price is the finite-population correction: from R rounds, n of them vary
// √((R − n)/(R − 1)) as much as n from an endless supply, so the coverage read is a little above
// what an endless supply would give (for R = 24 and n = 3: an exact 95% interval reads ~96%).

import { EQUIVALENCE_MARGIN, intervalAt, pairedRatio } from './paired.js';
import { populationOf } from './population.js';
import { rng } from './prng.js';
import { adaptiveRounds } from './stopping.js';
import { adjustTable, moderateTable } from './table-stats.js';
import { tTwoSidedP } from './tdist.js';

/** The baseline's id in the simulated plan (the population's comparisons are against it). */
const BASE = '(baseline)';

/**
 * Simulate `tables` tables from a population and count how the method does: every comparison
 * takes `n` rounds, or, with `adaptive`, the rounds lib/measure/stats/stopping.js's own plan gives it, driven
 * with the drawn rounds as results (`min` rounds, then more until the comparison is settled at a
 * look up to `lastLook`, and one more round after an equivalence; none past `max`). With
 * `budget_s` and `cost` (seconds a job of a row on a runtime takes) the simulated run also keeps
 * the loop's time budget (lib/run/loop/rounds.js): past the minimum, a row starts only if it
 * should end within the budget, judged by its slowest round so far. `moderate: false`
 * reads each ratio alone (its own t interval), for comparison; `narrow` scales every ratio's
 * standard error (a test's deliberately wrong method: 0.5 halves every interval). `recordOf`
 * turns a drawn median into the job record the rule reads (lib/measure/record.js simulatedRecord).
 * @param {ReturnType<typeof populationOf>} population
 * @param {{n?: number, adaptive?: {min: number, max: number, lastLook?: number, precision: number,
 *   budget_s?: number, cost?: (key: string, runtime: string | null) => number, allocate?: boolean}, tables?: number,
 *   seed?: number, moderate?: boolean, narrow?: number,
 *   recordOf: (median_ns: number) => {status: string, median_ns: number}}} o
 * @returns {{comparisons: number, coverage: number, coverage_adjusted: number, false_claims: number,
 *   false_equivalent: number, decisive: number, mean_rounds: number, coverage_all: number,
 *   coverage_adjusted_all: number, false_claims_all: number, large: number, large_decided: number, large_all_decided: number,
 *   capped_inconclusive: number, elapsed_s: number, budget_ends: number}}
 *   coverage: share of 95% intervals (before the table's adjustment) holding the truth;
 *   coverage_adjusted: of the adjusted ones; false_claims: share called faster or slower against
 *   the truth's sign; false_equivalent: called equivalent while the truth is outside the margin;
 *   decisive: share called faster, slower or equivalent; mean_rounds: rounds per comparison. The
 *   truth is the main mode's (every population round read by the table's rule, rounds off the
 *   main mode set aside); the `_all` figures score the same intervals and claims against the mean
 *   of every round instead (the all-process truth: the slow processes included). large: the share
 *   of comparisons whose main-mode truth is at least 10% from 1; large_decided: of those, the share
 *   called faster or slower with the truth's sign; large_all_decided: the share of tables that
 *   decided every one of those with its sign. capped_inconclusive: the share of comparisons
 *   that ran to `max` rounds and ended inconclusive (stopped by the cap, not the budget);
 *   elapsed_s: the simulated run's mean length; budget_ends: the share of runs the budget ended.
 */
export function simulateCoverage(
  population,
  { n = 3, adaptive, tables = 400, seed = 1, moderate = true, narrow = 1, recordOf },
) {
  const next = rng(seed);
  const pick = (k) => next() % k;
  const tally = { total: 0, covered: 0, coveredAdj: 0, falseClaims: 0, falseEq: 0, decisive: 0, rounds: 0 };
  const all = { covered: 0, coveredAdj: 0, falseClaims: 0, large: 0, largeDecided: 0 };
  const run = { capped: 0, elapsed: 0, budgetEnds: 0, allLarge: 0 };
  const suiteOf = (_, i) => population[i].suite;
  // The truth: what a table of every population round reads (moderateTable sets rounds aside).
  const whole = population.map((c) =>
    pairedRatio(
      c.logs.map(Math.exp),
      c.logs.map(() => 1),
    ),
  );
  moderateTable(whole, suiteOf);
  const truths = {
    main: whole.map((r) => r.log_mean),
    // The all-process truth: the mean log ratio of every population round, slow processes included.
    all: population.map((c) => c.logs.reduce((x, y) => x + y, 0) / c.logs.length),
  };
  const largeN = truths.main.filter((x) => Math.abs(x) >= LARGE).length;
  for (let t = 0; t < tables; t++) {
    const orders = shuffled(population, pick);
    const sim = adaptive ? adaptiveCounts(population, orders, adaptive, recordOf) : null;
    const counts = sim ? sim.counts : population.map(() => n);
    const ratios = ratiosAt(orders, counts, { moderate, narrow, suiteOf });
    const raw = ratios.map((r) => r.ci95);
    adjustTable(ratios);
    const before = all.largeDecided;
    score(ratios, raw, truths, tally, all);
    if (all.largeDecided - before === largeN) run.allLarge++;
    if (!sim || !adaptive) continue;
    run.elapsed += sim.elapsed_s;
    if (sim.stopped === 'budget') run.budgetEnds++;
    ratios.forEach((r, i) => {
      if (counts[i] >= adaptive.max && r.verdict === 'inconclusive') run.capped++;
    });
  }
  return {
    comparisons: tally.total,
    coverage: tally.covered / tally.total,
    coverage_adjusted: tally.coveredAdj / tally.total,
    false_claims: tally.falseClaims / tally.total,
    false_equivalent: tally.falseEq / tally.total,
    decisive: tally.decisive / tally.total,
    mean_rounds: tally.rounds / tally.total,
    coverage_all: all.covered / tally.total,
    coverage_adjusted_all: all.coveredAdj / tally.total,
    false_claims_all: all.falseClaims / tally.total,
    large: all.large / tally.total,
    large_decided: all.large ? all.largeDecided / all.large : Number.NaN,
    large_all_decided: largeN ? run.allLarge / tables : Number.NaN,
    capped_inconclusive: run.capped / tally.total,
    elapsed_s: run.elapsed / tables,
    budget_ends: run.budgetEnds / tables,
  };
}

/**
 * Each comparison's rounds in a random order: taking the first k is drawing k distinct rounds.
 * @param {{logs: number[]}[]} population @param {(k: number) => number} pick
 */
function shuffled(population, pick) {
  return population.map((c) => {
    const pool = [...c.logs];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool;
  });
}

/**
 * The ratios of one simulated table: each comparison's first `counts[i]` drawn rounds, moderated
 * within each suite unless told not to, and (a test's wrong method) `narrow` scaling every SE.
 * @param {number[][]} orders @param {number[]} counts
 * @param {{moderate: boolean, narrow: number, suiteOf: (r: any, i: number) => string}} o
 */
function ratiosAt(orders, counts, { moderate, narrow, suiteOf }) {
  const ratios = orders.map((o, i) => {
    const logs = o.slice(0, counts[i]);
    return pairedRatio(
      logs.map(Math.exp),
      logs.map(() => 1),
    );
  });
  if (moderate) moderateTable(ratios, suiteOf);
  if (narrow !== 1)
    for (const r of ratios) {
      r.se *= narrow;
      r.ci95 = intervalAt(r, 0.05);
      r.p = Number.isFinite(r.se) && r.se > 0 ? tTwoSidedP(r.log_mean / r.se, r.df) : r.p;
    }
  return ratios;
}

/**
 * Score one table's intervals and verdicts against both truths into the tallies.
 * @param {any[]} ratios adjusted @param {[number, number][]} raw their intervals before adjustment
 * @param {{main: number[], all: number[]}} truths log ratios
 * @param {Record<string, number>} tally @param {Record<string, number>} all
 */
function score(ratios, raw, truths, tally, all) {
  const margin = Math.log1p(EQUIVALENCE_MARGIN);
  const holds = (ci, x) => ci[0] <= x && x <= ci[1];
  const wrongSign = (r, x) => (r.verdict === 'faster' && x <= 1) || (r.verdict === 'slower' && x >= 1);
  ratios.forEach((r, i) => {
    const truth = Math.exp(truths.main[i]);
    tally.total++;
    tally.rounds += r.n;
    if (holds(raw[i], truth)) tally.covered++;
    if (holds(r.ci95, truth)) tally.coveredAdj++;
    if (wrongSign(r, truth)) tally.falseClaims++;
    if (r.verdict === 'equivalent' && Math.abs(truths.main[i]) > margin) tally.falseEq++;
    if (r.verdict !== 'inconclusive') tally.decisive++;
    const truthAll = Math.exp(truths.all[i]);
    if (holds(raw[i], truthAll)) all.covered++;
    if (holds(r.ci95, truthAll)) all.coveredAdj++;
    if (wrongSign(r, truthAll)) all.falseClaims++;
    if (Math.abs(truths.main[i]) >= LARGE) {
      all.large++;
      if ((r.verdict === 'faster' && truth > 1) || (r.verdict === 'slower' && truth < 1)) all.largeDecided++;
    }
  });
}

/**
 * Drive lib/measure/stats/stopping.js's plan with one table's drawn rounds as results: the
 * baseline reads 1 and each runtime e^−log, so a round's ratio is the drawn one. With `budget_s`
 * and `cost`, time passes as the loop's does (lib/run/loop/rounds.js, whose rule this follows: the
 * budget never cuts the minimum rounds; past it a row starts only if it should end within the
 * budget less TAIL_S, judged by its slowest round so far). Returns each comparison's rounds, why
 * the run ended and how long it took.
 * @param {{key: string, runtime: string, logs: number[]}[]} population
 * @param {number[][]} orders each comparison's rounds, in the order drawn
 * @param {{min: number, max: number, lastLook?: number, precision: number, budget_s?: number,
 *   cost?: (key: string, runtime: string | null) => number, allocate?: boolean}} a
 * @param {(median_ns: number) => {status: string, median_ns: number}} recordOf
 * @returns {{counts: number[], stopped: 'precision' | 'budget' | 'max-rounds', elapsed_s: number}}
 */
function adaptiveCounts(population, orders, { min, max, lastLook, precision, budget_s, cost, allocate }, recordOf) {
  const rowKeys = [...new Set(population.map((c) => c.key))];
  const rows = rowKeys.map((key) => ({ workload: { id: key.split(' ')[0] }, params: { row: key } }));
  const ids = [BASE, ...new Set(population.map((c) => c.runtime))];
  const budget = cost ? (budget_s ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
  const plan = adaptiveRounds(
    rows,
    ids.map((id) => ({ id })),
    { rounds: min, max_rounds: max, last_look: lastLook, precision, budget_s: budget, allocate },
    BASE,
  );
  const index = new Map(population.map((c, i) => [`${c.key}|${c.runtime}`, i]));
  const counts = population.map(() => 0);
  /** @type {Map<any, number>} each row's slowest round so far, in seconds */
  const rowS = new Map();
  let elapsed = 0;
  for (let round = 1; round <= max; round++) {
    const active = plan.active(round, cost ? { left_ms: (budget - elapsed - TAIL_S) * 1000 } : undefined);
    if (!active.length) return { counts, stopped: 'precision', elapsed_s: elapsed };
    for (const { row, runtimes } of active) {
      if (round > min && elapsed + (rowS.get(row) ?? 0) + TAIL_S > budget)
        return { counts, stopped: 'budget', elapsed_s: elapsed };
      const [suite, workload] = row.workload.id.split('/');
      let took = 0;
      for (const { id } of runtimes) {
        const i = index.get(`${row.params.row}|${id}`);
        // A comparison the population holds too few rounds of ends there (none does while max is
        // within the population's rounds).
        if (id !== BASE && (i === undefined || counts[i] >= population[i].logs.length)) continue;
        // A comparison's k-th round is its k-th drawn one (past the minimum it may skip rounds).
        const t = id === BASE ? 1 : Math.exp(-orders[/** @type {number} */ (i)][counts[/** @type {number} */ (i)]++]);
        const s = cost ? cost(row.params.row, id === BASE ? null : id) : 0;
        plan.record({ suite, workload, params: row.params, runtime: id, round, ...recordOf(t), wall_ms: s * 1000 });
        took += s;
      }
      elapsed += took;
      rowS.set(row, Math.max(rowS.get(row) ?? 0, took));
    }
    plan.endRound(round);
  }
  return { counts, stopped: 'max-rounds', elapsed_s: elapsed };
}

/** A comparison whose truth is at least 10% from 1 (log scale): one a run should decide. */
const LARGE = Math.log(1.1);

/** What the loop's budget keeps for the final write and the tables (lib/run/loop/rounds.js TAIL_MS). */
const TAIL_S = 1;
