// Math.tan throughput: tan stays on fdlibm in V8 even when V8_USE_LIBM_TRIG_FUNCTIONS switches
// sin and cos, so it is the control for the sin/cos comparison.
// Inputs, anchors and reference sums: _inputs.js and _reference.json (tools/math-reference.py).
import { perfSetup, perfVerify } from './_inputs.js';

export default {
  name: 'tan',
  unit: 'ops',
  // mixed: mostly |x| <= 32 with a few wide, huge and subnormal arguments; large: 2^10..2^30 only.
  params: { range: ['mixed', 'large'] },
  quick: { range: ['mixed', 'large'] },
  setup: ({ range }, ctx) => perfSetup(range === 'mixed' ? 'tan' : `tan-${range}`, ctx),
  run(state) {
    const { x, out } = state;
    for (let i = 0; i < x.length; i++) out[i] = Math.tan(x[i]);
    return x.length;
  },
  verify: perfVerify,
};
