// The stopping rule (adaptive rounds): how many rounds each row of a run gets. Every row gets the
// mode's minimum; after that each comparison of a row (a runtime against the baseline) keeps
// getting rounds until it has a verdict at a look (faster, slower or equivalent at the level the
// table's correction gives over the run's comparisons so far), or the run's time budget is spent,
// or max_rounds (a safety cap the budget should reach first). Never on the interval's width
// alone: a narrow interval that neither excludes 1 nor fits the equivalence margin is no verdict,
// so the comparison goes on. The full mode (PRECISION=…) asks for its precision as well as a
// verdict. Pure bookkeeping over result rows: the loop runs the jobs, this decides which rows, and
// which runtimes of each, the next round still needs.
//
// Stopping when an interval comes out narrow ("optional stopping") favours comparisons whose
// spread came out small by luck, which makes their t interval too narrow; an equivalence verdict
// is such a stop. Two things keep that small (simulated in stopping.test.js, reasons in
// docs/adaptive.md): comparisons are looked at only at the minimum and at doublings of it (3, 6,
// 12, …) up to the mode's last look, not after every round, and a comparison stopped as
// equivalent (or on its precision) gets one more round whose data played no part in the decision.
// A comparison stopped as faster or slower leaves at once: that stop selects a difference, not a
// lucky spread. Half the table's level is shared among the looks, a number fixed before the run
// (last_look), so a comparison still undecided after the last look runs on to the end (the budget)
// and is read there at the table's level: how long the run may take never changes the level of a
// look.

import { allocate, roundsToVerdict } from './allocation.js';
import { pairRounds } from './compare.js';
import { verdictAt } from './equivalence.js';
import { pairedRatio } from './paired.js';
import { adjustedLevel, benjaminiHochberg, moderateTable } from './table-stats.js';

/** @typedef {{round: number, status: string, median_ns: number | null, runtime: string, wall_ms?: number}} ResultRow */

/**
 * A row's comparisons against the baseline, each a runtime id and a paired t result on its
 * rounds. A runtime with no ok round beside the baseline has none (more rounds will not give it
 * one). A run of one runtime compares that runtime's own geometric mean with 1, so a
 * single-runtime run stops on the same rule.
 * @param {ResultRow[]} rows one table row's results, every runtime and round
 * @param {string[]} runtimeIds
 * @param {string} baseline
 * @returns {{id: string, ratio: import('./paired.js').RatioResult}[]}
 */
export function rowComparisons(rows, runtimeIds, baseline) {
  const of = (id) => rows.filter((r) => r.runtime === id);
  const base = of(baseline);
  if (runtimeIds.length === 1) {
    const times = base.filter((r) => r.status === 'ok').map((r) => /** @type {number} */ (r.median_ns));
    // pairedRatio of times against 1 is the t interval of the mean log time: the cell's own interval.
    return times.length
      ? [
          {
            id: baseline,
            ratio: pairedRatio(
              times,
              times.map(() => 1),
            ),
          },
        ]
      : [];
  }
  const out = [];
  for (const id of runtimeIds) {
    if (id === baseline) continue;
    const p = pairRounds(base, of(id));
    if (p.a.length) out.push({ id, ratio: pairedRatio(p.a, p.b) });
  }
  return out;
}

/**
 * The precision a row has reached: the largest relative half-width (upper side, hi / ratio − 1)
 * of its ratios' 95% intervals (rowComparisons; moderated when the caller moderated them).
 * @param {import('./paired.js').RatioResult[]} ratios
 * @returns {number | null} null with no ratio; Infinity while a ratio has fewer than 2 rounds
 */
export function precisionOf(ratios) {
  return ratios.length ? Math.max(...ratios.map(halfWidth)) : null;
}

/**
 * A ratio that needs no more rounds: it has a verdict (faster, slower or equivalent) at the
 * level `alpha` (the table's adjusted level), and, where the mode asks for a precision
 * (`decided` false: the full mode), its 95% interval is within the target too. Never the width
 * alone.
 * @param {import('./paired.js').RatioResult} r
 * @param {number} precision
 * @param {boolean} [decided] whether a verdict alone settles the ratio
 * @param {number} [alpha] the level of the verdict (ALPHA_STOP unless told)
 */
export function settled(r, precision, decided = true, alpha = ALPHA_STOP) {
  return settledBy(r, precision, decided, alpha) !== null;
}

/**
 * Why a ratio is settled (settled): 'decided' when it is faster or slower at `alpha`;
 * 'equivalent' when TOST at `alpha` places it within the margin; in the full mode (`decided`
 * false) 'precision' when it has either verdict and its interval is within the target too; null
 * when it has no verdict yet. They end differently (adaptiveRounds): a difference leaves at once;
 * an equivalence or a precision, narrow intervals' stops, runs one more round whose data played
 * no part in it.
 * @param {import('./paired.js').RatioResult} r
 * @param {number} precision
 * @param {boolean} [decided]
 * @param {number} [alpha]
 * @returns {'decided' | 'equivalent' | 'precision' | null}
 */
export function settledBy(r, precision, decided = true, alpha = ALPHA_STOP) {
  const v = verdictAt(r, alpha);
  if (v === 'inconclusive') return null;
  if (!decided) return halfWidth(r) <= precision ? 'precision' : null;
  return v === 'equivalent' ? 'equivalent' : 'decided';
}

/** The level of a verdict when no table's level is given (one comparison alone): 5%. */
export const ALPHA_STOP = 0.05;

/** @param {{ratio: number, ci95: [number, number]}} r */
function halfWidth(r) {
  const h = r.ci95[1] / r.ratio - 1;
  return Number.isFinite(h) ? h : Number.POSITIVE_INFINITY;
}

/**
 * The stopping rule, as state: `record` each result, call `endRound` after a round, and
 * `active(round)` says which rows that round still runs and on which runtimes. Each comparison (a
 * runtime against the baseline) stops on its own: once settled at a look, and one round after
 * that, its runtime leaves the row; the baseline runs while any comparison of the row goes on, so
 * every round that runs stays paired. A row stops when all its comparisons have. A runtime that
 * reported `unsupported` for a row in round 1 is not asked again (it cannot change its mind).
 * @param {{workload: any, params: Record<string, string|number>}[]} rows
 * @param {any[]} runtimes
 * @param {{rounds: number, max_rounds: number, last_look?: number, precision: number, budget_s: number, stop_when_decided?: boolean, allocate?: boolean}} mode
 *   last_look: the last round at which a comparison may stop before the end (looks are at
 *   `rounds` and its doublings up to it); without it, every doubling below max_rounds.
 *   allocate: past the minimum, run only the open comparisons nearest a verdict that the time
 *   left pays for (allocation.js; off unless asked: docs/adaptive.md)
 * @param {string} baseline
 */
export function adaptiveRounds(rows, runtimes, mode, baseline) {
  const state = rows.map((row) => ({
    row,
    key: ruleRowId(row.workload.id, row.params),
    /** @type {ResultRow[]} */ results: [],
    /** @type {Set<number>} the rounds it ran (past the minimum, not always every one) */ ran: new Set(),
    /** @type {number | null} the last round the row runs */ lastRound: null,
    /** @type {Map<string, number>} runtime → the last round its settled comparison runs */ settledIn: new Map(),
    /** @type {Set<string>} */ unsupported: new Set(),
  }));
  /** @type {Plan} */
  const plan = {
    state,
    byKey: new Map(state.map((s) => [s.key, s])),
    runtimes,
    ids: runtimes.map((r) => r.id),
    mode,
    baseline,
    stopsDecided: mode.stop_when_decided ?? true,
    // Off unless asked (docs/adaptive.md, "Where the time past the minimum goes"): on this
    // host's rounds it decides fewer comparisons than rounds to every open one.
    allocates: (mode.stop_when_decided ?? true) && mode.allocate === true,
    /** @type {{comparisons: Map<any, {id: string, ratio: any}[]>, level: number} | null} */ latest: null,
    lastLook: lastLookOf(mode),
    interim: interimLooks(mode.rounds, mode.max_rounds, mode.last_look),
  };
  return {
    /** @param {ResultRow & {suite: string, workload: string, params: any}} result */
    record(result) {
      const s = plan.byKey.get(ruleRowId(`${result.suite}/${result.workload}`, result.params));
      if (!s) return;
      s.results.push(result);
      s.ran.add(result.round);
      if (result.status === 'unsupported' && result.round === 1) s.unsupported.add(result.runtime);
    },
    /**
     * Rows the round runs, each with the runtimes it runs on. With `left_ms` (the time left for
     * rounds) and a mode that stops on a verdict, the rounds past the minimum go to the
     * comparisons nearest a verdict (allocation.js).
     * @param {number} round @param {{left_ms?: number}} [clock]
     */
    active: (round, clock) => activeRows(plan, round, clock?.left_ms),
    /** After round `round`: the comparisons that stop, and the rows. @param {number} round */
    endRound: (round) => endRound(plan, round),
    /**
     * The results file's `adaptive` object: the rule, why the run stopped, what each row reached.
     * @param {string} stopped 'budget' | 'max-rounds' | 'interrupted' (or 'precision')
     * @param {number} elapsed_s
     */
    report(stopped, elapsed_s) {
      const rows = summaryOf(plan);
      const all = rows.every((r) => r.reached || r.settled || r.precision === null);
      return {
        precision: mode.precision,
        budget_s: mode.budget_s,
        min_rounds: mode.rounds,
        max_rounds: mode.max_rounds,
        last_look: plan.lastLook,
        stop_when_decided: plan.stopsDecided,
        // Past the minimum, rounds went to the comparisons nearest a verdict (allocation.js).
        allocate: plan.allocates,
        stopped: stopped === 'max-rounds' && all ? 'precision' : stopped,
        elapsed_s,
        rows,
      };
    },
    /** What each row reached. */
    summary: () => summaryOf(plan),
  };
}

/**
 * The stopping rule's state over a run's rows.
 * @typedef {{state: any[], byKey: Map<string, any>, runtimes: any[], ids: string[], baseline: string,
 *   mode: {rounds: number, max_rounds: number, precision: number, budget_s: number}, stopsDecided: boolean,
 *   allocates: boolean, latest: {comparisons: Map<any, {id: string, ratio: any}[]>, level: number} | null,
 *   lastLook: number, interim: number}} Plan
 */

/**
 * Rows a round runs, each with the runtimes it runs on: a comparison runs while it is open, or
 * until the round after its equivalence; past the minimum, with the time left known, only the
 * open comparisons `taken` (allocation.js) run; the baseline runs with any comparison of its row.
 * @param {Plan} plan @param {number} round @param {number} [leftMs]
 */
function activeRows(plan, round, leftMs) {
  const { state, runtimes, baseline, mode } = plan;
  if (round > mode.max_rounds) return [];
  const taken = leftMs !== undefined && plan.allocates && round > mode.rounds ? allocated(plan, round, leftMs) : null;
  return state
    .filter((s) => s.lastRound === null || round <= s.lastRound)
    .map((s) => {
      const runs = runtimes
        .map((rt) => rt.id)
        .filter((id) => id !== baseline && !s.unsupported.has(id) && round <= (s.settledIn.get(id) ?? Infinity))
        .filter((id) => !taken || s.settledIn.has(id) || taken.has(`${s.key}|${id}`));
      // The baseline runs beside any comparison of its row (alone in a run of one runtime).
      const keep = new Set(runtimes.length === 1 || runs.length ? [baseline, ...runs] : []);
      return { row: s.row, runtimes: runtimes.filter((rt) => keep.has(rt.id) && !s.unsupported.has(rt.id)) };
    })
    .filter((a) => a.runtimes.length);
}

/**
 * The open comparisons the round runs (allocate, over each comparison's rounds still needed at
 * the run's adjusted level and what one round of it took so far), as `rowKey|runtime` ids.
 * @param {Plan} plan @param {number} round @param {number} leftMs
 */
function allocated(plan, round, leftMs) {
  // The comparisons and level of the last endRound: allocation starts after the minimum's.
  const { comparisons, level } = /** @type {NonNullable<Plan['latest']>} */ (plan.latest);
  const open = [];
  for (const s of plan.state) {
    if (s.lastRound !== null && round > s.lastRound) continue;
    const mine = (comparisons.get(s) ?? []).filter((c) => !s.settledIn.has(c.id) && !s.unsupported.has(c.id));
    const base = jobMs(s, plan.baseline);
    for (const c of mine)
      open.push({
        id: `${s.key}|${c.id}`,
        need: roundsToVerdict(c.ratio, level),
        ms: jobMs(s, c.id) + base / mine.length,
      });
  }
  return allocate(open, leftMs);
}

/** What a job of a row on a runtime took on average so far (its wall time; 1 s when unknown). */
function jobMs(s, id) {
  const ms = s.results.filter((r) => r.runtime === id && r.wall_ms > 0).map((r) => r.wall_ms);
  return ms.length ? ms.reduce((a, b) => a + b, 0) / ms.length : 1000;
}

/**
 * After round `round`: for each row that ran it, at a look (isLook, up to the mode's last look), a
 * comparison with a verdict at the run's adjusted level stops (settledBy): faster or slower now,
 * equivalent after one more round; the row stops when every comparison has. The ratios are moderated across the table's
 * rows of one suite and adjusted over every comparison first, as the report reads them.
 * @param {Plan} plan @param {number} round
 */
function endRound(plan, round) {
  const { mode } = plan;
  const comparisons = moderated(plan);
  // Half the table's level spent on stops before the end, shared evenly among the interim
  // looks (Bonferroni over looks): a verdict stopped on still holds at the table's level
  // when printed, and A/A false claims stay near the level (stopping.test.js). A comparison
  // undecided after the last look has no stop left but the end: the budget, or max_rounds.
  const level = levelOf(comparisons);
  plan.latest = { comparisons, level };
  const alpha = level / (2 * plan.interim);
  for (const s of plan.state) {
    if (s.lastRound !== null || !s.ran.has(round) || round < mode.rounds) continue;
    const mine = /** @type {{id: string, ratio: any}[]} */ (comparisons.get(s));
    // A comparison found equivalent (or, in the full mode, precise) at a look runs one more
    // round, then its runtime leaves the row; one found faster or slower leaves at once
    // (settledBy; docs/adaptive.md).
    if (isLook(round, mode.rounds) && round <= plan.lastLook)
      for (const c of mine) {
        const by = s.settledIn.has(c.id) ? null : settledBy(c.ratio, mode.precision, plan.stopsDecided, alpha);
        if (by) s.settledIn.set(c.id, by === 'decided' ? round : round + 1);
      }
    // A row with no comparison (every runtime but one unsupported or failed) has nothing to wait for.
    if (!mine.length) s.lastRound = round;
    else if (mine.every((c) => s.settledIn.has(c.id))) s.lastRound = Math.max(...s.settledIn.values());
    if (round >= mode.max_rounds) s.lastRound = round;
  }
}

/** What each row reached. @param {Plan} plan */
function summaryOf(plan) {
  const { mode } = plan;
  const ratios = moderated(plan);
  const alpha = levelOf(ratios);
  return plan.state.map((s) => {
    const cs = /** @type {{id: string, ratio: any}[]} */ (ratios.get(s));
    const mine = cs.map((c) => c.ratio);
    const p = s.ran.size ? precisionOf(mine) : null;
    return {
      workload: s.row.workload.id,
      params: s.row.params,
      rounds: s.ran.size,
      precision: p !== null && Number.isFinite(p) ? p : null,
      reached: p !== null && p <= mode.precision,
      // Settled when it stopped (a comparison stops on its own), or now.
      settled:
        p !== null &&
        cs.length > 0 &&
        cs.every((c) => s.settledIn.has(c.id) || settled(c.ratio, mode.precision, plan.stopsDecided, alpha)),
      // A row with no ratio (every runtime but one unsupported or failed) has nothing to reach.
      ratios: s.ran.size ? mine.length : null,
    };
  });
}

/**
 * The level the table's correction gives over every comparison so far (adjustedLevel over their
 * BH-adjusted p): the level a verdict must hold at to stop a comparison.
 * @param {Map<any, {id: string, ratio: any}[]>} comparisons
 */
function levelOf(comparisons) {
  return adjustedLevel(benjaminiHochberg([...comparisons.values()].flat().map((c) => c.ratio.p)));
}

/** Every row's comparisons so far, their ratios moderated within each suite (the report's rule). @param {Plan} plan */
function moderated({ state, ids, baseline }) {
  /** @type {Map<any, {id: string, ratio: any}[]>} */
  const out = new Map();
  const all = [];
  const suites = [];
  for (const s of state) {
    const cs = rowComparisons(s.results, ids, baseline);
    out.set(s, cs);
    for (const c of cs) {
      all.push(c.ratio);
      suites.push(s.row.workload.id.split('/')[0]);
    }
  }
  moderateTable(all, (_, i) => suites[i]);
  return out;
}

/**
 * How many looks (isLook) can stop a comparison before the end: those up to `last` (every one
 * without it) and before `max` rounds, where the plan ends anyway (at least 1).
 * @param {number} min @param {number} max @param {number} [last]
 */
export function interimLooks(min, max, last = Number.POSITIVE_INFINITY) {
  let n = 0;
  for (let r = Math.max(1, min); r < max && r <= last; r++) if (isLook(r, min)) n++;
  return Math.max(1, n);
}

/**
 * The last round a comparison can stop at before the end: the mode's `last_look`, else the last
 * doubling of the minimum below max_rounds.
 * @param {{rounds: number, max_rounds: number, last_look?: number}} mode
 */
export function lastLookOf({ rounds, max_rounds, last_look }) {
  let last = Math.max(1, rounds);
  for (let r = last; r < max_rounds && r <= (last_look ?? Number.POSITIVE_INFINITY); r++)
    if (isLook(r, rounds)) last = r;
  return last;
}

/** Rounds at which a comparison is looked at: the minimum, then its doublings. */
export function isLook(round, minRounds) {
  let k = Math.max(1, minRounds);
  while (k < round) k *= 2;
  return k === round;
}

/** A row's identity inside the rule: its workload id and its parameters, in a fixed order. */
const ruleRowId = (id, params) => JSON.stringify([id, Object.entries(params ?? {}).sort()]);
