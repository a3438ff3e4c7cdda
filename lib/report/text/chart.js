// SHOW=chart: per suite, a terminal bar chart of throughput by runtime (mitata-style bars), one
// group per workload row, each bar scaled to the fastest runtime of that row.

const WIDTH = 40;

/**
 * @param {ReturnType<typeof import('../../results/aggregate.js').aggregate>} agg
 * @returns {string[]} one chart per suite, as text blocks
 */
export function textCharts(agg) {
  const suites = [...new Set(agg.rows.map((r) => r.suite))];
  const label = Math.max(...agg.runtimes.map((id) => id.length));
  return suites.map((suite) => {
    const lines = [`Throughput by runtime, ${suite} (bar = share of the row's fastest; longer is faster)`];
    for (const row of agg.rows.filter((r) => r.suite === suite)) {
      const values = agg.runtimes.map((id) => row.cells[id]?.metrics?.throughput?.median ?? Number.NaN);
      const max = Math.max(...values.filter(Number.isFinite));
      lines.push(row.key);
      agg.runtimes.forEach((id, i) => {
        const v = values[i];
        const cell = row.cells[id];
        const bar = Number.isFinite(v) && max > 0 ? '█'.repeat(Math.max(1, Math.round((v / max) * WIDTH))) : '';
        const what = Number.isFinite(v) ? `${(v / max).toFixed(2)}` : (cell?.statuses?.join('/') ?? 'not run');
        lines.push(`  ${id.padEnd(label)} ${bar.padEnd(WIDTH)} ${what}`);
      });
    }
    return lines.join('\n');
  });
}
