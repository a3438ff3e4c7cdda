// Extra tables for the math suite, printed under the throughput table (see lib/run/discover.js).
import { accuracyTable } from './_accuracy-table.js';

export default [
  {
    title: 'Math accuracy (ULP distance from the correctly rounded result; "same bits as" groups identical outputs)',
    render(results, { markdown }) {
      const has = results.some((r) => r.suite === 'math' && r.workload === 'accuracy' && r.status === 'ok');
      return has ? accuracyTable(results, { markdown }) : null;
    },
  },
];
