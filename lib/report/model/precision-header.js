// The header a run prints above its table (make compare, make table): the adaptive rule's target,
// why the run stopped, and what each row reached. A printer of a results file's `adaptive` object
// (lib/measure/stats/stopping.js writes it).
import { paramsKey } from '../../measure/workload.js';
import { WIDTH } from '../text/wrap.js';

const pct = (/** @type {number} */ x) => `±${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;

/**
 * The header a run prints above its table: the target, why the run stopped, and the precision
 * each row reached (±, 95% interval of its widest ratio) with its rounds, wrapped to `width`.
 * @param {any} adaptive a results file's `adaptive` object
 * @param {number} [width]
 */
export function precisionHeader(adaptive, width = WIDTH) {
  if (!adaptive?.rows?.length) return '';
  const rows = adaptive.rows;
  const reached = rows.filter((r) => r.reached).length;
  const decided = rows.filter((r) => !r.reached && r.settled).length;
  // Files from before the full mode stopped only on precision (stop_when_decided absent) stopped on both.
  const decides = adaptive.stop_when_decided ?? true;
  const why = {
    precision: decides ? 'every comparison reached a verdict' : 'every row reached it with a verdict',
    budget: 'time budget spent',
    'max-rounds': 'max rounds',
  };
  const lines = [
    `Precision target ${pct(adaptive.precision)} per ratio (95% interval): reached by ${reached} of ${rows.length} rows` +
      // Without decisions, a row settles only by reaching the target at a look; its round after may widen it.
      (decided ? (decides ? `, ${decided} more decided` : ` (${reached + decided} at their last look)`) : '') +
      `, ${adaptive.min_rounds}–${adaptive.max_rounds} rounds each;`,
    `  stopped: ${why[adaptive.stopped] ?? adaptive.stopped} after ${Math.round(adaptive.elapsed_s)} s ` +
      `(budget ${Math.round(adaptive.budget_s)} s).`,
    decides
      ? "  Each row: widest ± (rounds); * = no verdict (a verdict: faster, slower or equivalent at the run's adjusted level);"
      : '  Each row: widest ± (rounds); * = not reached with a verdict (this mode stops on both);',
    '  no ratio = fewer than two runtimes ran it.',
  ];
  const items = rows.map((r) => {
    const p = paramsKey(r.params);
    if (r.ratios === 0) return `${r.workload}${p ? ` ${p}` : ''} no ratio (${r.rounds})`;
    const figure = r.precision === null ? 'n/a' : pct(r.precision);
    return `${r.workload}${p ? ` ${p}` : ''} ${figure}${r.reached || r.settled ? '' : '*'} (${r.rounds})`;
  });
  let line = ' ';
  for (const item of items) {
    if (line.length + item.length + 3 > width) {
      lines.push(line.trimEnd());
      line = ' ';
    }
    line += ` ${item} ·`;
  }
  lines.push(line.replace(/ ·$/, ''));
  return lines.join('\n');
}
