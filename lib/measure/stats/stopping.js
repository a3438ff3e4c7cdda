// The stopping rule (adaptive rounds): how many rounds each row of a run gets. Every row gets the mode's minimum;
// after that each comparison of a row (a runtime against the baseline) keeps getting rounds until
// it is settled (known to ±precision, or decided), or max_rounds, or the run's time budget is
// spent. Pure bookkeeping over result rows: the loop runs the jobs, this decides which rows, and
// which runtimes of each, the next round still needs.
//
// Stopping on the interval's width alone ("optional stopping") still favours comparisons whose
// spread came out small by luck, which makes their t interval too narrow. Two things keep that
// small (simulated in stopping.test.js, reasons in docs/adaptive.md): the width is looked at only
// at the minimum and at doublings of it (3, 6, 12, …), not after every round, and a comparison
// that meets the target gets one more round whose data played no part in the decision. A
// comparison stopped because it is decided (QUICK) leaves at once: that stop selects a
// difference, not a lucky spread, and under no difference it happens at most 1% a look.

import { pairRounds } from './compare.js';
import { intervalAt, pairedRatio } from './paired.js';
import { moderateTable } from './table-stats.js';

/** @typedef {{round: number, status: string, median_ns: number | null, runtime: string}} ResultRow */

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
 * A ratio that needs no more rounds: its 95% interval is within the target, or, where the mode
 * stops on a decision (`decided`: QUICK), its 99% interval already excludes 1 (a difference that
 * the table's adjustment at the end, at most as wide as 99% for a table of up to 20 comparisons,
 * still shows as faster or slower). The full mode asks for the precision itself: a PRECISION=3%
 * run goes on until each ratio is known to ±3%, decided or not.
 * @param {import('./paired.js').RatioResult} r
 * @param {number} precision
 * @param {boolean} [decided] whether a decided difference settles the ratio
 */
export function settled(r, precision, decided = true) {
  return settledBy(r, precision, decided) !== null;
}

/**
 * Why a ratio is settled (settled): 'precision' when its interval is within the target, else
 * 'decided' when the mode stops on a decision and its 99% interval excludes 1; null when neither.
 * The two end differently (adaptiveRounds): a comparison stopped on its width runs one more round,
 * whose data played no part in the stop; one stopped on a decision leaves at once.
 * @param {import('./paired.js').RatioResult} r
 * @param {number} precision
 * @param {boolean} [decided]
 * @returns {'precision' | 'decided' | null}
 */
export function settledBy(r, precision, decided = true) {
  if (halfWidth(r) <= precision) return 'precision';
  if (!decided) return null;
  const ci = intervalAt(r, DECIDED_ALPHA);
  return ci[0] > 1 || ci[1] < 1 ? 'decided' : null;
}

/** The level at which a difference counts as decided for stopping (settled). */
export const DECIDED_ALPHA = 0.01;

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
 * @param {{rounds: number, max_rounds: number, precision: number, budget_s: number, stop_when_decided?: boolean}} mode
 * @param {string} baseline
 */
export function adaptiveRounds(rows, runtimes, mode, baseline) {
  const ids = runtimes.map((r) => r.id);
  const stopsDecided = mode.stop_when_decided ?? true;
  const state = rows.map((row) => ({
    row,
    key: rowKey(row.workload.id, row.params),
    /** @type {ResultRow[]} */ results: [],
    rounds: 0,
    /** @type {number | null} the last round the row runs */ lastRound: null,
    /** @type {Map<string, number>} runtime → the last round its settled comparison runs */ settledIn: new Map(),
    /** @type {Set<string>} */ unsupported: new Set(),
  }));
  const byKey = new Map(state.map((s) => [s.key, s]));
  return {
    /** @param {ResultRow & {suite: string, workload: string, params: any}} result */
    record(result) {
      const s = byKey.get(rowKey(`${result.suite}/${result.workload}`, result.params));
      if (!s) return;
      s.results.push(result);
      s.rounds = Math.max(s.rounds, result.round);
      if (result.status === 'unsupported' && result.round === 1) s.unsupported.add(result.runtime);
    },
    /** Rows the round runs, each with the runtimes it runs on. */
    active(round) {
      if (round > mode.max_rounds) return [];
      return state
        .filter((s) => s.lastRound === null || round <= s.lastRound)
        .map((s) => ({
          row: s.row,
          runtimes: runtimes.filter(
            (rt) => !s.unsupported.has(rt.id) && (rt.id === baseline || round <= (s.settledIn.get(rt.id) ?? Infinity)),
          ),
        }))
        .filter((a) => a.runtimes.length);
    },
    /**
     * After round `round`: for each row that ran it, at a look (isLook), a comparison settled on
     * its width gets one more round and stops, one settled on a decision stops now (settledBy);
     * the row stops when every comparison has. The ratios
     * are moderated across the table's rows of one suite first, as the report reads them.
     */
    endRound(round) {
      const comparisons = moderated();
      for (const s of state) {
        if (s.lastRound !== null || s.rounds < round || round < mode.rounds) continue;
        const mine = /** @type {{id: string, ratio: any}[]} */ (comparisons.get(s));
        // A comparison settled on its width at a look runs one more round, then its runtime leaves
        // the row; one settled on a decision leaves at once (settledBy; docs/adaptive.md).
        if (isLook(round, mode.rounds))
          for (const c of mine) {
            const by = s.settledIn.has(c.id) ? null : settledBy(c.ratio, mode.precision, stopsDecided);
            if (by) s.settledIn.set(c.id, by === 'precision' ? round + 1 : round);
          }
        // A row with no comparison (every runtime but one unsupported or failed) has nothing to wait for.
        if (!mine.length) s.lastRound = round;
        else if (mine.every((c) => s.settledIn.has(c.id))) s.lastRound = Math.max(...s.settledIn.values());
        if (round >= mode.max_rounds) s.lastRound = round;
      }
    },
    /**
     * The results file's `adaptive` object: the rule, why the run stopped, what each row reached.
     * @param {string} stopped 'budget' | 'max-rounds' | 'interrupted' (or 'precision')
     * @param {number} elapsed_s
     */
    report(stopped, elapsed_s) {
      const rows = this.summary();
      const all = rows.every((r) => r.reached || r.settled || r.precision === null);
      return {
        precision: mode.precision,
        budget_s: mode.budget_s,
        min_rounds: mode.rounds,
        max_rounds: mode.max_rounds,
        stop_when_decided: stopsDecided,
        stopped: stopped === 'max-rounds' && all ? 'precision' : stopped,
        elapsed_s,
        rows,
      };
    },
    /** What each row reached. */
    summary() {
      const ratios = moderated();
      return state.map((s) => {
        const cs = /** @type {{id: string, ratio: any}[]} */ (ratios.get(s));
        const mine = cs.map((c) => c.ratio);
        const p = s.rounds ? precisionOf(mine) : null;
        return {
          workload: s.row.workload.id,
          params: s.row.params,
          rounds: s.rounds,
          precision: p !== null && Number.isFinite(p) ? p : null,
          reached: p !== null && p <= mode.precision,
          // Settled when it stopped (a comparison stops on its own), or now.
          settled:
            p !== null &&
            cs.length > 0 &&
            cs.every((c) => s.settledIn.has(c.id) || settled(c.ratio, mode.precision, stopsDecided)),
          // A row with no ratio (every runtime but one unsupported or failed) has nothing to reach.
          ratios: s.rounds ? mine.length : null,
        };
      });
    },
  };

  /** Every row's comparisons so far, their ratios moderated within each suite (the report's rule). */
  function moderated() {
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
}

/** Rounds at which a comparison is looked at: the minimum, then its doublings. */
export function isLook(round, minRounds) {
  let k = Math.max(1, minRounds);
  while (k < round) k *= 2;
  return k === round;
}

/** A row's identity inside the rule: its workload id and its parameters, in a fixed order. */
const rowKey = (id, params) => JSON.stringify([id, Object.entries(params ?? {}).sort()]);
