// The SSR suite's own tables: each app's latency–throughput curve per runtime (open loop, the
// HTTP suite's table), its floor being the app's own cheapest route. Every other figure of the
// suite (req/s, CPU per request, RSS, start-up, response bytes) is a metric of its rows, printed
// with ratios against the baseline by the general tables.
import { curveTable } from './http-curves.js';

const FLOOR = 'small JSON route (/plain/json-small through the same app and its router)';

export default [
  {
    title: 'SSR: latency–throughput curve per app (open loop, fixed rates)',
    /** @param {any[]} rows @param {{detail?: boolean}} opts */
    table: (rows, opts) => curveTable(rows, opts, { suite: 'ssr', floor: FLOOR }),
  },
];
