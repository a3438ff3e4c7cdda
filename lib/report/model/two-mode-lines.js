// A cell whose rounds fall in two modes, and a comparison that set rounds aside, in plain lines
// under the table (the statistics are lib/measure/stats/two-modes.js and table-stats.js).
import { twoModes } from '../../measure/stats/two-modes.js';
import { throughputUnit } from '../../results/metrics.js';

const fmt = (x) =>
  x >= 1e6 ? `${(x / 1e6).toPrecision(3)}M` : x >= 1e3 ? `${(x / 1e3).toPrecision(3)}k` : x.toPrecision(3);

/**
 * One line per cell of the table whose rounds fall in two modes, in the table's own figure
 * (throughput when the row has it, else time per call).
 * @param {any} agg aggregate()'s result
 * @returns {string[]}
 */
export function modeLines(agg) {
  const lines = [];
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      const t = /** @type {any} */ (cell).metrics?.throughput;
      const m = t ?? /** @type {any} */ (cell).metrics?.time_ns;
      const modes = m ? twoModes(m.values) : null;
      if (!modes) continue;
      const unit = t ? throughputUnit(row.unit) : 'ns per call';
      const side = (s) => `${s.n} round${s.n === 1 ? '' : 's'} near ${fmt(s.median)}`;
      const aside = setsAside(row);
      lines.push(
        `${row.key} on ${id}: rounds in two groups (two modes, or one odd round): ${side(modes.low)} and ${side(modes.high)} ${unit}, ${modes.gap.toFixed(2)}× apart; ${aside ? 'the ratios read the main mode (rounds set aside below)' : 'its interval spans both'}`,
      );
    }
  }
  return [...lines, ...setAsideLines(agg)];
}

/** Whether a table row's throughput ratios set rounds aside (off a comparison's main mode). @param {any} row */
export const setsAside = (row) => Object.values(row.cells).some((c) => /** @type {any} */ (c).ratio?.set_aside);

/**
 * One line per comparison whose ratio set rounds aside (lib/measure/stats/table-stats.js moderateTable): which
 * rounds, their own ratios, and the range of the rounds it reads, so both modes stay in view.
 * @param {any} agg aggregate()'s result
 * @returns {string[]}
 */
export function setAsideLines(agg) {
  const lines = [];
  for (const row of agg.rows) {
    for (const [id, cell] of Object.entries(row.cells)) {
      const r = /** @type {any} */ (cell).ratio;
      const s = r?.set_aside;
      if (!s) continue;
      const x = (l) => `${Math.exp(l).toFixed(2)}×`;
      const rounds = s.index.map((i) => r.rounds?.[i] ?? i + 1);
      lines.push(
        `${row.key}, ${id} ÷ ${agg.baseline}: round${rounds.length === 1 ? '' : 's'} ${rounds.join(', ')} set aside (ratio ${s.logs.map(x).join(', ')}, off the main mode of its ${s.of} rounds: another mode, or one odd process); the ratio ${x(r.log_mean)} reads the other ${r.n}`,
      );
    }
  }
  return lines;
}
