import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateWorkload } from '../../lib/measure/workload.js';
import parse from './parse.js';
import parseReviver from './parse-reviver.js';
import parseReviverSource from './parse-reviver-source.js';
import stringify from './stringify.js';
import stringifyReplacer from './stringify-replacer.js';

const all = [parse, parseReviver, parseReviverSource, stringify, stringifyReplacer];
const small = { doc: 'rsc', mb: 0.05 };

test('every json workload is valid and passes run + verify twice on both documents', async () => {
  for (const w of all) {
    validateWorkload(w, `json/${w.name}`);
    for (const doc of ['rsc', 'flat']) {
      const state = await w.setup({ doc, mb: 0.05 });
      w.verify(state, w.run(state));
      w.verify(state, w.run(state));
      const r = w.report(state);
      assert.equal(r.doc_bytes, state.bytes);
    }
  }
});

test('parse verify rejects a parsed value with one string changed', async () => {
  const state = /** @type {any} */ (await parse.setup(small));
  const units = parse.run(state);
  const el = state.out[3].children[3].children[0];
  el[1] = `${el[1]}x`;
  assert.throws(() => parse.verify(state, units), /hashes to/);
});

test('parse verify rejects a run that left nothing behind', async () => {
  const state = await parseReviver.setup(small);
  parseReviver.verify(state, parseReviver.run(state));
  assert.throws(() => parseReviver.verify(state, state.bytes), /no parsed value/);
});

test('parse-reviver-source verify rejects a reviver that saw the wrong source text', async () => {
  const state = await parseReviverSource.setup(small);
  const units = parseReviverSource.run(state);
  state.chars -= 1;
  assert.throws(() => parseReviverSource.verify(state, units), /chars of primitive source text/);
});

test('parse-reviver-source requires the proposal that brings the context argument', async () => {
  assert.deepEqual(parseReviverSource.requires, ['JSON.rawJSON']);
});

test('stringify verify rejects output with one character changed, and names where', async () => {
  const state = /** @type {any} */ (await stringifyReplacer.setup(small));
  const units = stringifyReplacer.run(state);
  state.out = `${state.out.slice(0, 100)}#${state.out.slice(101)}`;
  assert.throws(() => stringifyReplacer.verify(state, units), /at offset 100/);
});

test('reviver and replacer workloads report one call per value', async () => {
  const state = await parseReviver.setup(small);
  assert.equal(parseReviver.report(state).reviver_calls_per_call, state.values);
  const s = await stringifyReplacer.setup(small);
  assert.equal(stringifyReplacer.report(s).replacer_calls_per_call, s.values);
});

test('a document made once per run reads back as the same document', async () => {
  const { mkdtempSync, rmSync, readdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { setupContext } = await import('../../lib/measure/context.js');
  const dir = mkdtempSync(join(tmpdir(), 'parity-inputs-test-'));
  try {
    const ctx = setupContext({ inputs_dir: dir });
    const made = /** @type {any} */ (await parse.setup(small, ctx));
    assert.equal(readdirSync(dir).length, 1);
    const read = /** @type {any} */ (await parse.setup(small, ctx));
    const fresh = /** @type {any} */ (await parse.setup(small));
    for (const s of [made, read]) {
      assert.equal(s.text, fresh.text);
      assert.equal(s.hash, fresh.hash);
      assert.deepEqual(s.value, fresh.value);
    }
    parse.verify(read, parse.run(read));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
