// Extra tables for the math suite, printed under the throughput table (registered in ./index.js).
import { accuracyTable } from './math-accuracy.js';

export default [
  {
    title: 'Math accuracy (ULP distance from the correctly rounded result; "same bits as" groups identical outputs)',
    table: (results) => accuracyTable(results.filter((r) => r.suite === 'math' && r.workload === 'accuracy')),
  },
];
