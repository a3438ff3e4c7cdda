// The start-up suite's memory table: what a runtime holds right after it starts (the empty
// script) and after loading the 1,000-module graph (ESM, and CommonJS where it runs), from wait4's
// maximum resident set per start, compared across runtimes in the verdicts every table uses, with
// the runtime's own heap after a full GC beside it; each runtime's binary size; and the wall
// tails pooled over rounds (startup-tails.js).

import { CORRECTION, cellRatio, correctTable, ofMetric } from '../../measure/stats/compare.js';
import { widthText } from '../../measure/stats/paired.js';
import { metricMedian } from '../../results/metrics.js';
import { simpleTable } from '../model/model.js';
import { ratioText } from '../model/ratio-text.js';
import { fmtBytes } from '../model/units.js';
import tails from './startup-tails.js';

const SUITE = 'startup';
const ID = 'rss_per_start_bytes';
/** The runtime's own figure beside the OS's: heap in use after a full GC (lib/run/shapes/process/heap.js). */
const HEAP = 'heap_after_gc_bytes';
/** The workloads whose memory the table shows, and what each one's RSS is. */
const WHAT = [
  ['empty', 'idle: right after start'],
  ['esm-graph', 'after the 1,000-module ESM graph'],
  ['cjs-graph', 'after the same graph as CommonJS'],
];

/** Where each runtime's heap figure came from (its row's label), once per distinct source. */
function heapSources(rows) {
  // A row's `source`; files written before it had one name it in the label ("…: source; median …").
  const of = (m) => m?.source ?? m?.label?.replace(/^[^:]*: /, '').replace(/; median .*$/, '');
  const sources = [...new Set(rows.map((r) => of(r.metrics?.[HEAP])).filter(Boolean))];
  return sources.length ? sources.join('; ') : 'none measured';
}

/**
 * One note per runtime whose start-up memory rows are all `unsupported` (workerd), with the
 * reason its rows give: such a runtime has no line in the table but is not left out silently.
 * @param {any[]} results
 */
function unsupportedNotes(results) {
  const names = WHAT.map(([w]) => w);
  const of = results.filter((r) => r.suite === SUITE && names.includes(r.workload));
  const runtimes = [...new Set(of.map((r) => r.runtime))];
  return runtimes.flatMap((rt) => {
    const rows = of.filter((r) => r.runtime === rt);
    if (!rows.every((r) => r.status === 'unsupported')) return [];
    return [`${rt}: unsupported: ${rows[0].error} (no peak RSS, no heap after GC)`];
  });
}

/** Less memory is better: the words of faster and slower for a figure in bytes. */
function verdictWords(r) {
  if (!r) return '';
  if (r.verdict === 'faster') return 'less';
  if (r.verdict === 'slower') return 'more';
  if (r.verdict === 'equivalent') return 'equivalent';
  return `inconclusive: ${widthText(r)}`;
}

/**
 * @param {any[]} results
 * @param {{detail?: boolean, baseline?: string, runtimes?: string[]}} [opts]
 */
function memoryTable(results, opts = {}) {
  const detail = opts.detail ?? false;
  const mine = results.filter((r) => r.suite === SUITE && r.metrics?.[ID]);
  if (!mine.length) return null;
  // The run's order and baseline, as the main tables have them (older callers: first seen).
  const seen = [...new Set(mine.map((r) => r.runtime))];
  const runtimes = opts.runtimes?.filter((id) => seen.includes(id)) ?? seen;
  const base = opts.baseline && seen.includes(opts.baseline) ? opts.baseline : runtimes[0];
  const metric = { better: 'lower', of: ofMetric(ID) };
  const lines = [];
  const ratios = [];
  for (const [workload, what] of WHAT) {
    const ofW = mine.filter((r) => r.workload === workload);
    if (!ofW.length) continue;
    const baseRows = ofW.filter((r) => r.runtime === base);
    for (const rt of runtimes) {
      const rows = ofW.filter((r) => r.runtime === rt);
      if (!rows.length) continue;
      const ok = rows.filter((r) => r.status === 'ok');
      const ratio = rt === base ? null : cellRatio({ rows: baseRows }, { rows }, metric);
      if (ratio) ratios.push(ratio);
      const empty = metricMedian(
        mine.filter((r) => r.workload === 'empty' && r.runtime === rt && r.status === 'ok'),
        ID,
      );
      const own = metricMedian(ok, ID);
      const added = workload !== 'empty' && empty !== null && own !== null ? `+${fmtBytes(own - empty)}` : '';
      lines.push({ workload, what, rt, own, heap: metricMedian(ok, HEAP), ratio, added, rounds: ok.length });
    }
  }
  correctTable(ratios);
  const body = lines.map((l) => [
    l.workload,
    l.rt,
    l.own === null ? '—' : fmtBytes(l.own),
    l.heap === null ? '—' : fmtBytes(l.heap),
    l.rt === base ? 'baseline' : ratioText(l.ratio, { interval: detail }),
    l.rt === base ? '' : verdictWords(l.ratio),
    l.added,
    String(l.rounds),
  ]);
  return simpleTable(
    null,
    ['workload', 'runtime', 'peak RSS', 'heap after GC (own)', `${base} ÷ it`, 'verdict', 'over empty', 'rounds'],
    body,
    {
      notes: [
        ...unsupportedNotes(results),
        `peak RSS = wait4’s maximum resident set of one start (the OS’s figure: code, heap and libraries touched), median over the job’s starts, then over rounds. ${WHAT.map(([w, what]) => `${w}: ${what}`).join('; ')}. over empty = that minus the runtime’s empty script: what loading the graph kept resident.`,
        `heap after GC (own) = the runtime’s own figure beside the OS’s: its heap in use after a full GC, as it reports it (${heapSources(mine)}), median of extra starts in the row’s first round that ran the script, collected and read it; never the timed starts. Not comparable with RSS or across engines: V8 and JavaScriptCore count their heaps differently, and code, buffers and native memory are outside it.`,
        `${base} ÷ it > 1 = less memory than ${base}; the geometric mean of per-round ratios, intervals adjusted over this table as ${CORRECTION} intervals. Verdicts: less or more (the interval excludes 1), equivalent (two one-sided tests at the interval's level place it within ±5% in logs), inconclusive (neither: the interval is too wide to tell; more rounds narrow it).`,
      ],
    },
  );
}

/**
 * Each runtime's binary and its size on disk (report.binary of its start-up rows, the path with
 * symlinks resolved), beside the start-up tables: the file the kernel maps at every start.
 * @param {any[]} results
 * @param {{runtimes?: string[]}} [opts]
 */
function binaryTable(results, opts = {}) {
  /** @type {Map<string, {path: string, bytes: number}>} */
  const seen = new Map();
  for (const r of results) if (r.suite === SUITE && r.report?.binary) seen.set(r.runtime, r.report.binary);
  if (!seen.size) return null;
  const order = opts.runtimes ?? [];
  const rank = (/** @type {string} */ id) => (order.includes(id) ? order.indexOf(id) : order.length);
  const body = [...seen].sort((a, b) => rank(a[0]) - rank(b[0])).map(([rt, b]) => [rt, b.path, fmtBytes(b.bytes)]);
  const note =
    'size on disk of the binary each start runs (symlinks resolved); with a warm file cache a start maps only the pages it touches (major faults 0), so size weighs on a cold start, not these';
  return simpleTable(null, ['runtime', 'binary', 'size'], body, { notes: [note] });
}

export default [
  { title: 'Start-up memory: resident set idle after start and after the module graph', table: memoryTable },
  { title: 'Runtime binaries', table: binaryTable },
  ...tails,
];
