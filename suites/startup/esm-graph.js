// Import a generated graph of 1,000 ES modules (suites/startup/_graph.js); the entry fails the
// start unless every module ran.
import { graphCommand, verifyGraph } from './_graph.js';

export default {
  name: 'esm-graph',
  unit: 'starts',
  params: { modules: [1000] },
  command: graphCommand('esm'),
  heap: true,
  verify: verifyGraph,
};
