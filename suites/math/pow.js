// Math.pow throughput: everyday bases and exponents, bases next to 1 with large exponents,
// negative bases with integer exponents and a wide range of magnitudes.
// Inputs, anchors and reference sums: _inputs.js and _reference.json (tools/math-reference.py).
import { perfSetup, perfVerify } from './_inputs.js';

export default {
  name: 'pow',
  unit: 'ops',
  setup: (_params, ctx) => perfSetup('pow', ctx),
  run(state) {
    const { x, y, out } = state;
    for (let i = 0; i < x.length; i++) out[i] = x[i] ** y[i];
    return x.length;
  },
  verify: perfVerify,
};
