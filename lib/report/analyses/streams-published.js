// The published experimental-fast-webstreams figures (vercel-labs/fast-webstreams README and
// bench/run.js; Node 22, 1 KiB chunks, MB/s fast vs native) and a table that sets this run's
// fast ÷ native ratios beside them, at the size each was published at, with a verdict made from
// the run's own interval. Pure analysis over result rows.

import { roundRatio } from '../../measure/stats/compare.js';
import { simpleTable } from '../model/model.js';
import { ratioLegend, ratioText, verdictText } from '../model/ratio-text.js';

/** workload → published fast and native MB/s, and the size per iteration (MB) they were measured at. */
export const PUBLISHED = {
  'read-loop': { fast: 12400, native: 3300, mb: 100 },
  'write-loop': { fast: 5500, native: 2300, mb: 100 },
  'pipe-through': { fast: 6200, native: 630, mb: 100 },
  'pipe-to': { fast: 2500, native: 1400, mb: 100 },
  'for-await': { fast: 4100, native: 3000, mb: 100 },
  'transform-chain-3': { fast: 2900, native: 300, mb: 100 },
  'transform-chain-8': { fast: 1000, native: 115, mb: 100 },
  'byte-start-enqueue': { fast: 1600, native: 110, mb: 50 },
  'byte-read-loop': { fast: 1400, native: 1400, mb: 50 },
  'byte-tee': { fast: 1200, native: 750, mb: 20 },
  'response-text': { fast: 900, native: 910, mb: 20 },
  'response-forward': { fast: 850, native: 430, mb: 20 },
  'fetch-3-transforms': { fast: 830, native: 260, mb: 20, params: { source: 'byte-stream' } },
};

/** The (native, fast) runtime pairs a run may hold. */
const PAIRS = [
  ['node@22', 'node@22+fast-webstreams'],
  ['node', 'node+fast-webstreams'],
];

/** The rows of one runtime for a workload at its published size and chunk 1 KiB. */
function rowsOf(rows, runtime, workload, pub) {
  return rows.filter(
    (r) =>
      r.suite === 'streams' &&
      r.workload === workload &&
      r.runtime === runtime &&
      r.params?.mb === pub.mb &&
      r.params?.chunk === 1024 &&
      !(pub.params && Object.entries(pub.params).some(([k, v]) => r.params[k] !== v)),
  );
}

/** A verdict on one published ratio from this run's paired ratio. */
export function verdict(published, here) {
  if (!here) return 'not run';
  if (here.verdict === 'inconclusive') return verdictText(here);
  if (published < 1.2) return here.verdict === 'equivalent' ? 'yes, no gain' : `no: ${here.ratio.toFixed(2)}× gain`;
  if (here.verdict === 'equivalent') return 'no: equivalent';
  if (here.verdict === 'slower') return 'no: slower';
  return here.ratio >= published / 2 ? 'yes' : `direction, ${Math.round((here.ratio / published) * 100)}%`;
}

/**
 * Published fast ÷ native against this run's, for every pair of runtimes the run holds.
 * @param {any[]} rows
 * @param {{detail?: boolean}} [opts] detail (SHOW=spread): each ratio with its 95% interval
 * @returns {import('../model/model.js').TableData | null}
 */
export function publishedTable(rows, { detail = false } = {}) {
  const pairs = PAIRS.filter(([a, b]) => rows.some((r) => r.runtime === a) && rows.some((r) => r.runtime === b));
  if (!pairs.length) return null;
  const body = [];
  for (const [workload, pub] of Object.entries(PUBLISHED)) {
    const published = pub.fast / pub.native;
    const cells = pairs.map(([native, fast]) => {
      // fast ÷ native throughput: native's time over fast's, paired by round.
      const r = roundRatio(rowsOf(rows, native, workload, pub), rowsOf(rows, fast, workload, pub));
      if (!r.n) return { text: 'not run', v: 'not run' };
      return { text: ratioText(r, { interval: detail }), v: verdict(published, r) };
    });
    if (cells.every((c) => c.text === 'not run')) continue;
    body.push([
      `${workload} mb=${pub.mb}`,
      `${published.toFixed(1)}× (${pub.fast}/${pub.native})`,
      ...cells.flatMap((c) => [c.text, c.v]),
    ]);
  }
  const header = [
    'workload',
    'published (Node 22)',
    ...pairs.flatMap(([native]) => [`here, ${native}`, 'reproduced?']),
  ];
  return simpleTable(null, header, body, {
    notes: [
      `fast ÷ native throughput at the published size, chunk 1 KiB: ${ratioLegend(detail)} Published: the ratio and its MB/s (fast/native).`,
      'reproduced? "yes" = significant and at least half the published ratio; "direction, N%" = significant, N% of the published ratio; "yes, no gain" = none published, equivalent here (within ±5%); "no: equivalent" = equivalent to native here; "inconclusive" = the interval is too wide to tell; "no: slower" = slower than native; "no: N× gain" = a gain where none was published.',
    ],
  });
}
