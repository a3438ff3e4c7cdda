// Math.sin throughput. V8 builds differ here: with V8_USE_LIBM_TRIG_FUNCTIONS on, sin and cos
// use a glibc-derived implementation instead of fdlibm's (the Workers CPU study's 3x gap).
// Inputs, anchors and reference sums: _inputs.js and _reference.json (tools/math-reference.py).
import { perfSetup, perfVerify } from './_inputs.js';

export default {
  name: 'sin',
  unit: 'ops',
  // mixed: mostly |x| <= 32 with a few wide, huge and subnormal arguments; large: 2^10..2^30 only.
  params: { range: ['mixed', 'large'] },
  quick: { range: ['mixed', 'large'] },
  setup: ({ range }, ctx) => perfSetup(range === 'mixed' ? 'sin' : `sin-${range}`, ctx),
  run(state) {
    const { x, out } = state;
    for (let i = 0; i < x.length; i++) out[i] = Math.sin(x[i]);
    return x.length;
  },
  verify: perfVerify,
};
