// Math: the same bits as the correctly rounded result, one check per function, on a small fixed
// input list: the first FIXED entries of each function in suites/math/_reference.json (the shared
// mpmath table), which tools/math-reference.py fills with its SPECIAL values (signed zeros,
// infinities, NaN, subnormal and normal boundaries, 0.5, 1, 2, 10, 1e10, 1e22, 1e300, max).
// ECMAScript lets Math functions approximate, so a mismatch is a portability finding.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeFloat64, toHex, ulpDistance } from '../../lib/measure/float.js';
import { FUNCTIONS } from '../../suites/math/accuracy.js';

const FIXED = 26;
const TABLE = new URL('../../suites/math/_reference.json', import.meta.url);

const reference = JSON.parse(readFileSync(TABLE, 'utf8'));

export default Object.entries(FUNCTIONS).map(([name, call]) => ({
  id: name,
  fn() {
    const entry = reference.functions[name];
    assert.ok(entry, `suites/math/_reference.json has no entry for ${name}; run make math-reference`);
    const xs = decodeFloat64(entry.x).slice(0, FIXED);
    const ys = entry.y ? decodeFloat64(entry.y).slice(0, FIXED) : null;
    const want = decodeFloat64(entry.want).slice(0, FIXED);
    const wrong = [];
    for (let i = 0; i < xs.length; i++) {
      const got = ys ? call(xs[i], ys[i]) : call(xs[i]);
      if (toHex(got) === toHex(want[i])) continue;
      const args = ys ? `${xs[i]}, ${ys[i]}` : `${xs[i]}`;
      wrong.push(
        `${name}(${args}) = 0x${toHex(got)}, correctly rounded 0x${toHex(want[i])} (${ulpDistance(got, want[i])} ulp)`,
      );
    }
    if (wrong.length) assert.fail(`${wrong.length} of ${xs.length} inputs differ: ${wrong.join('; ')}`);
  },
}));
