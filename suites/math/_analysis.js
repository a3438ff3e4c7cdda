// Extra tables for the math suite, printed under the throughput table (see lib/results/discover.js).
import { accuracyTable } from './_accuracy-table.js';

export default [
  {
    title: 'Math accuracy (ULP distance from the correctly rounded result; "same bits as" groups identical outputs)',
    table: (results) => accuracyTable(results.filter((r) => r.suite === 'math' && r.workload === 'accuracy')),
  },
];
