// A kept run with many rounds per row read as a population of comparisons: each comparison's
// paired log ratios, the rounds its interval needs before it can decide, and the slow jobs by round
// and runtime. The coverage simulation draws from it; lib/report/across/spread.js prints it.
import { pairRounds } from './compare.js';
import { EQUIVALENCE_MARGIN } from './paired.js';
import { median } from './stats.js';

/**
 * A population of comparisons from results rows: per row and non-baseline runtime, the log ratios
 * of the rounds where both ran ok (baseline's time over the runtime's: > 0 = the runtime faster).
 * Comparisons with fewer than `minRounds` rounds are left out.
 * @param {any[]} results a results file's rows
 * @param {string} baseline
 * @param {number} [minRounds]
 * @returns {{suite: string, key: string, runtime: string, logs: number[], truth: number}[]}
 */
export function populationOf(results, baseline, minRounds = 8) {
  /** @type {Map<string, Map<string, any[]>>} rows of each row key, by runtime */
  const rows = new Map();
  for (const r of results) {
    const key = `${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
    if (!rows.has(key)) rows.set(key, new Map());
    const cells = /** @type {Map<string, any[]>} */ (rows.get(key));
    if (!cells.has(r.runtime)) cells.set(r.runtime, []);
    cells.get(r.runtime)?.push(r);
  }
  const out = [];
  for (const [key, cells] of rows) {
    const base = cells.get(baseline);
    if (!base) continue;
    for (const [runtime, mine] of cells) {
      if (runtime === baseline) continue;
      const { a, b } = pairRounds(base, mine);
      if (a.length < minRounds) continue;
      const logs = a.map((t, i) => Math.log(t / b[i]));
      out.push({ suite: key.split('/')[0], key, runtime, logs, truth: logs.reduce((x, y) => x + y, 0) / logs.length });
    }
  }
  return out;
}

/**
 * What a job of a row takes on a runtime in a kept run, for a simulated run's clock: the median
 * of the run's wall times for it (the whole job: start, warm-up, samples, checks), in seconds, by
 * the population's row key (populationOf) and runtime id (null: the baseline); 0 for none.
 * @param {any[]} results a results file's rows
 * @param {string} baseline
 * @returns {(key: string, runtime: string | null) => number}
 */
export function jobCost(results, baseline) {
  /** @type {Map<string, number[]>} */
  const walls = new Map();
  for (const r of results) {
    if (!(r.wall_ms > 0)) continue;
    const k = `${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}|${r.runtime}`;
    walls.set(k, [...(walls.get(k) ?? []), r.wall_ms / 1000]);
  }
  return (key, runtime) => {
    const w = walls.get(`${key}|${runtime ?? baseline}`);
    return w ? median(w) : 0;
  };
}

/** The normal distribution's 97.5th percentile: a 95% interval's half-width in standard errors. */
export const Z95 = 1.959963984540054;

/**
 * The least number of rounds whose 95% interval, centred on the comparison's truth and as narrow as
 * its population's spread allows when that spread is known exactly (1.96 · s / √n: the limit a
 * moderated variance approaches), either excludes 1 (faster or slower) or lies inside the
 * equivalence margin. A lower bound on what any table needs: its own variance estimate, the
 * multiplicity adjustment and a draw's luck only widen it. `max` + 1 when not even `max` rounds
 * would do (a truth on the margin).
 * @param {{logs: number[], truth: number}} c
 * @param {{margin?: number, max?: number}} [o]
 */
export function roundsNeeded(c, { margin = EQUIVALENCE_MARGIN, max = 1000 } = {}) {
  const n0 = c.logs.length;
  const s = Math.sqrt(c.logs.reduce((a, x) => a + (x - c.truth) ** 2, 0) / (n0 - 1));
  const [lo, hi] = [Math.log1p(-margin), Math.log1p(margin)];
  const m = c.truth;
  for (let n = 1; n <= max; n++) {
    const hw = (Z95 * s) / Math.sqrt(n);
    if (Math.abs(m) > hw || (m - hw >= lo && m + hw <= hi)) return n;
  }
  return max + 1;
}

/**
 * Jobs slower than `factor` × their cell's lower quartile (a cell: one row on one runtime), by
 * round and by runtime. Slow processes that cluster in some rounds and hit every runtime at a
 * like rate come from the machine, not from a runtime.
 * @param {any[]} results a results file's rows
 * @param {number} [factor]
 * @returns {{byRound: Map<number, {slow: number, jobs: number}>, byRuntime: Map<string, {slow: number, jobs: number}>, slow: Set<any>}}
 *   slow: the slow rows themselves
 */
export function slowJobs(results, factor = 1.35) {
  /** @type {Map<string, any[]>} */
  const cells = new Map();
  for (const r of results) {
    if (r.status !== 'ok' || !(r.median_ns > 0)) continue;
    const key = `${r.runtime} ${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}`;
    if (!cells.has(key)) cells.set(key, []);
    cells.get(key)?.push(r);
  }
  const byRound = new Map();
  const byRuntime = new Map();
  const slowRows = new Set();
  const count = (map, k, slow) => {
    const c = map.get(k) ?? { slow: 0, jobs: 0 };
    c.slow += slow ? 1 : 0;
    c.jobs++;
    map.set(k, c);
  };
  for (const rows of cells.values()) {
    if (rows.length < 4) continue;
    const s = rows.map((r) => r.median_ns).sort((a, b) => a - b);
    const q1 = s[Math.floor((s.length - 1) / 4)];
    for (const r of rows) {
      const slow = r.median_ns > factor * q1;
      if (slow) slowRows.add(r);
      count(byRound, r.round, slow);
      count(byRuntime, r.runtime, slow);
    }
  }
  return { byRound: new Map([...byRound].sort((a, b) => a[0] - b[0])), byRuntime, slow: slowRows };
}
