// Math.log throughput over everyday values, the whole positive range (subnormals too) and near 1.
// Inputs, anchors and reference sums: _inputs.js and _reference.json (tools/math-reference.py).
import { perfSetup, perfVerify } from './_inputs.js';

export default {
  name: 'log',
  unit: 'ops',
  setup: (_params, ctx) => perfSetup('log', ctx),
  run(state) {
    const { x, out } = state;
    for (let i = 0; i < x.length; i++) out[i] = Math.log(x[i]);
    return x.length;
  },
  verify: perfVerify,
};
