// The same graph as esm-graph, as CommonJS (.cjs files loaded with require).
import { graphCommand, verifyGraph } from './_graph.js';

export default {
  name: 'cjs-graph',
  unit: 'starts',
  params: { modules: [1000] },
  command: graphCommand('cjs'),
  heap: true,
  verify: verifyGraph,
};
