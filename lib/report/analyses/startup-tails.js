// The start-up suite's wall tails, pooled over rounds: every timed start of one runtime × workload
// (each round's job) in one pool, and p90 and p99 printed only where the pool can hold them
// (lib/measure/stats/stats.js requestsFor: 10 / (1 − q) starts, so about ten lie beyond the quantile).
// One job's starts rarely reach 1,000; a cell's rounds together do (10 rounds of 100).
import { requestsFor } from '../../measure/stats/stats.js';
import { simpleTable } from '../model/model.js';
import { fmtTime } from '../model/units.js';

const SUITE = 'startup';
/**
 * The q-quantiles of the pooled starts of `rows`: each row's kept walls (samples_ns, sorted; a job
 * of more than 200 starts keeps 200 evenly spaced ones, each then standing for its share of the
 * job's starts), weighted, the smallest wall with at least q of the pool's weight at or below it.
 * A quantile the pool cannot hold is null.
 * @param {{samples_ns?: number[], samples_total?: number}[]} rows
 */
export function pooledTails(rows) {
  /** @type {{v: number, w: number}[]} */
  const pool = [];
  let n = 0;
  let thinned = false;
  for (const r of rows) {
    const kept = r.samples_ns ?? [];
    const total = r.samples_total ?? kept.length;
    if (!kept.length || !(total >= kept.length)) continue;
    if (total > kept.length) thinned = true;
    for (const v of kept) pool.push({ v, w: total / kept.length });
    n += total;
  }
  pool.sort((a, b) => a.v - b.v);
  const W = pool.reduce((a, p) => a + p.w, 0);
  const at = (/** @type {number} */ q) => {
    if (!pool.length || n < requestsFor(q)) return null;
    let c = 0;
    for (const p of pool) {
      c += p.w;
      if (c >= q * W - 1e-9) return p.v;
    }
    return /** @type {{v: number}} */ (pool.at(-1)).v;
  };
  return { n, thinned, p50: pool.length ? at(0.5) : null, p90: at(0.9), p99: at(0.99) };
}

/**
 * @param {any[]} results
 * @param {{runtimes?: string[]}} [opts]
 */
function tailsTable(results, opts = {}) {
  const mine = results.filter((r) => r.suite === SUITE && r.status === 'ok' && r.samples_ns?.length);
  if (!mine.length) return null;
  const order = opts.runtimes ?? [];
  const rank = (/** @type {string} */ id) => (order.includes(id) ? order.indexOf(id) : order.length);
  const runtimes = [...new Set(mine.map((r) => r.runtime))].sort((a, b) => rank(a) - rank(b));
  const workloads = [...new Set(mine.map((r) => r.workload))].sort();
  const body = [];
  let thinned = false;
  for (const w of workloads) {
    for (const rt of runtimes) {
      const rows = mine.filter((r) => r.workload === w && r.runtime === rt);
      if (!rows.length) continue;
      const t = pooledTails(rows);
      thinned ||= t.thinned;
      const ms = (/** @type {number | null} */ ns) => (ns === null ? '—' : fmtTime(ns / 1e6));
      body.push([w, rt, String(t.n), String(rows.length), ms(t.p50), ms(t.p90), ms(t.p99)]);
    }
  }
  const [p90n, p99n] = [requestsFor(0.9), requestsFor(0.99)];
  const notes = [
    `Tails are pooled over rounds: every timed start of the runtime and workload, all rounds together. p90 needs ${p90n} starts in the pool and p99 ${p99n} (10 / (1 − q), so about ten lie beyond it); — where the pool has fewer.`,
    'wall = spawn → exit (http-first-200: spawn → first 200). A pooled tail mixes the rounds’ conditions (a busy round weighs in it); the main tables’ medians are per round, then over rounds.',
  ];
  if (thinned) notes.push('A job of more than 200 starts keeps 200 evenly spaced ones, each weighted by its share.');
  return simpleTable(null, ['workload', 'runtime', 'starts', 'rounds', 'median', 'p90', 'p99'], body, { notes });
}

export default [{ title: 'Start-up wall tails, pooled over rounds (ms, lower is better)', table: tailsTable }];
