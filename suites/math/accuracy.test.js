import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateWorkload } from '../../lib/measure/workload.js';
import accuracy, { accuracyOf, FUNCTIONS, loadTable } from './accuracy.js';

const up = (x) =>
  new Float64Array(new BigUint64Array([new BigUint64Array(new Float64Array([x]).buffer)[0] + 1n]).buffer)[0];

test('accuracy is a valid workload', () => {
  validateWorkload(accuracy, 'math/accuracy');
});

test('the table covers every function with at least 2,000 inputs', () => {
  const table = loadTable();
  assert.deepEqual(
    table.map((t) => t.name),
    Object.keys(FUNCTIONS),
  );
  for (const t of table) assert.ok(t.want.length >= 2000, t.name);
});

test('accuracyOf counts ULP and correct rounding on constructed outputs', () => {
  const want = new Float64Array([1, 2, -0, Number.NaN, 5e-324]);
  const out = new Float64Array([up(1), 2, 0, Number.NaN, -5e-324]);
  const x = new Float64Array(5);
  const a = accuracyOf(/** @type {any} */ ({ name: 't', x, y: null, want, out }));
  assert.equal(a.max_ulp, 2); // 5e-324 to -5e-324 crosses zero: two steps
  assert.equal(a.correctly_rounded, 2 / 5); // 2 and NaN; +0 for -0 is not correctly rounded
  assert.equal(a.worst?.got, '8000000000000001');
});

test('accuracyOf reports a NaN where a number was due as max_ulp null', () => {
  const a = accuracyOf(
    /** @type {any} */ ({
      name: 't',
      x: new Float64Array(2),
      y: null,
      want: new Float64Array([1, 2]),
      out: new Float64Array([1, Number.NaN]),
    }),
  );
  assert.equal(a.max_ulp, null);
  assert.equal(a.nan_mismatches, 1);
});

test('run, verify and report work on this runtime, and the first and last calls agree', () => {
  const state = accuracy.setup();
  const n = accuracy.run(state);
  assert.equal(
    n,
    state.table.reduce((s, t) => s + t.x.length, 0),
  );
  accuracy.verify(state, n);
  accuracy.verify(state, accuracy.run(state));
  const r = accuracy.report(state);
  assert.equal(r.tiers_agree, true);
  assert.match(r.hash, /^[0-9a-f]{8}$/);
  for (const fn of Object.keys(FUNCTIONS)) {
    assert.ok(r.functions[fn].max_ulp <= 64, `${fn}: ${r.functions[fn].max_ulp} ULP`);
    assert.ok(r.functions[fn].correctly_rounded > 0.5, fn);
  }
});

test('verify rejects a garbage output and a skipped run', () => {
  const state = accuracy.setup();
  const n = accuracy.run(state);
  state.table[0].out[100] = 1e300;
  assert.throws(() => accuracy.verify(state, n), /more than 2\^20/);
  const fresh = accuracy.setup();
  accuracy.verify(fresh, accuracy.run(fresh));
  assert.throws(() => accuracy.verify(fresh, n), /more than 2\^20/);
});

test('the reference agrees with independently known correctly rounded values', () => {
  const table = Object.fromEntries(loadTable().map((t) => [t.name, t]));
  const lookup = (name, x, y) => {
    const t = table[name];
    for (let i = 0; i < t.x.length; i++) {
      if (Object.is(t.x[i], x) && (y === undefined || Object.is(t.y?.[i], y))) return t.want[i];
    }
    throw new Error(`${name}(${x}${y === undefined ? '' : `, ${y}`}) is not in the reference`);
  };
  // Math.E, Math.LN2, Math.PI are the correctly rounded constants; sin(1e22) is the classic
  // argument-reduction check (K. C. Ng, "Argument reduction for huge arguments").
  assert.equal(lookup('exp', 1), Math.E);
  assert.equal(lookup('sin', 1e22), -0.8522008497671888);
  assert.equal(lookup('pow', 10, 22), 1e22);
  assert.equal(lookup('pow', 2, -1074), 5e-324);
  assert.equal(lookup('atan2', 1, -0), Math.PI / 2);
  assert.equal(lookup('atan2', -0, -1), -Math.PI);
  assert.equal(lookup('cbrt', -27), -3);
  assert.ok(Object.is(lookup('sin', -0), -0));
  assert.ok(Object.is(lookup('expm1', -0), -0));
  assert.ok(Number.isNaN(lookup('pow', 1, Number.POSITIVE_INFINITY))); // ECMAScript, unlike C's pow
  assert.equal(lookup('log', 0), Number.NEGATIVE_INFINITY);
  assert.equal(lookup('tanh', Number.NEGATIVE_INFINITY), -1);
});
