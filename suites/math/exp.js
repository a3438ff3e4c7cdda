// Math.exp throughput over everyday, wide, tiny and near-overflow/underflow arguments.
// Inputs, anchors and reference sums: _inputs.js and _reference.json (tools/math-reference.py).
import { perfSetup, perfVerify } from './_inputs.js';

export default {
  name: 'exp',
  unit: 'ops',
  setup: (_params, ctx) => perfSetup('exp', ctx),
  run(state) {
    const { x, out } = state;
    for (let i = 0; i < x.length; i++) out[i] = Math.exp(x[i]);
    return x.length;
  },
  verify: perfVerify,
};
