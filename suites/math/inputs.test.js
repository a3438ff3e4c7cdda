import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';
import { rng } from '../../lib/measure/stats/prng.js';
import { ANCHOR_ULP, inputHash, perfInputs, perfSetup, perfVerify } from './_inputs.js';

const reference = JSON.parse(readFileSync(new URL('./_reference.json', import.meta.url), 'utf8'));
const run = (state, f) => {
  for (let i = 0; i < state.x.length; i++) state.out[i] = state.y ? f(state.x[i], state.y[i]) : f(state.x[i]);
  return state.x.length;
};

test('the generator is deterministic and depends on the seed', async () => {
  assert.equal(inputHash(perfInputs('sin', 1000)), inputHash(perfInputs('sin', 1000)));
  assert.notEqual(inputHash(perfInputs('sin', 1000)), inputHash(perfInputs('sin', 1000, 1)));
  const a = rng(7);
  const b = rng(7);
  assert.deepEqual([a(), a(), a()], [b(), b(), b()]);
});

test('JavaScript inputs match the Python replica in the reference, for every input set', async () => {
  for (const [name, ref] of Object.entries(reference.perf)) {
    assert.equal(inputHash(perfInputs(name, ref.count)), ref.input_hash, name);
    assert.ok(ref.count >= 100_000, `${name} has ${ref.count} inputs`);
  }
});

test('trig input sets include huge and subnormal arguments', async () => {
  const { x } = perfInputs('sin');
  assert.ok(x.some((v) => Math.abs(v) > 1e100));
  assert.ok(x.some((v) => v !== 0 && Math.abs(v) < 2.2250738585072014e-308));
});

test('perfVerify accepts real outputs, twice (it refills the output between runs)', async () => {
  const state = await perfSetup('exp');
  perfVerify(state, run(state, Math.exp));
  perfVerify(state, run(state, Math.exp));
});

test('perfVerify rejects a skipped element', async () => {
  const state = await perfSetup('log');
  run(state, Math.log);
  state.out[12345] = Number.NaN;
  assert.throws(() => perfVerify(state, state.x.length), /1 of 100000 outputs are not finite/);
});

test('perfVerify rejects an anchor more than a few ULP off', async () => {
  const state = await perfSetup('pow');
  run(state, Math.pow);
  const i = state.ref.anchors[3][0];
  state.out[i] *= 1 + 64 * Number.EPSILON;
  assert.throws(() => perfVerify(state, state.x.length), new RegExp(`at most ${ANCHOR_ULP} allowed`));
});

test('perfVerify rejects a wrong value that no anchor covers, through the sums', async () => {
  const state = await perfSetup('sin');
  run(state, Math.sin);
  const anchors = new Set(state.ref.anchors.map((a) => a[0]));
  const i = [...Array(100).keys()].find((k) => !anchors.has(k) && Math.abs(state.out[k]) > 0.1);
  assert.ok(i !== undefined, 'some value is not anchored');
  state.out[i] = -state.out[i];
  assert.throws(() => perfVerify(state, state.x.length), /sum of/);
});

test('perfVerify rejects a run that did nothing after the previous verify', async () => {
  const state = await perfSetup('cos');
  perfVerify(state, run(state, Math.cos));
  assert.throws(() => perfVerify(state, state.x.length), /not finite/);
});

test('perfVerify rejects a wrong unit count', async () => {
  const state = await perfSetup('tan');
  assert.throws(() => perfVerify(state, run(state, Math.tan) - 1), /returned 99999/);
});

test('the reference table has at least 2,000 entries per function and stays under 1 MB', async () => {
  const fns = ['sin', 'cos', 'tan', 'exp', 'log', 'pow', 'atan2', 'sinh', 'cosh', 'tanh', 'expm1', 'log1p', 'cbrt'];
  for (const fn of fns) assert.ok(reference.functions[fn].count >= 2000, fn);
  assert.ok(statSync(new URL('./_reference.json', import.meta.url)).size < 1_000_000);
});

test('an input set drawn once per run reads back as the same set, for every function', async () => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { setupContext } = await import('../../lib/measure/context.js');
  const dir = mkdtempSync(join(tmpdir(), 'parity-math-inputs-test-'));
  try {
    const ctx = setupContext({ inputs_dir: dir });
    for (const name of Object.keys(reference.perf)) {
      const made = await perfSetup(name, ctx); // drawn and written
      const read = await perfSetup(name, ctx); // read back: perfSetup checks its hash
      assert.deepEqual(read.x, made.x);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
