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

test('parse verify rejects a parsed value with one string changed', () => {
  const state = /** @type {any} */ (parse.setup(small));
  const units = parse.run(state);
  const el = state.out[3].children[3].children[0];
  el[1] = `${el[1]}x`;
  assert.throws(() => parse.verify(state, units), /hashes to/);
});

test('parse verify rejects a run that left nothing behind', () => {
  const state = parseReviver.setup(small);
  parseReviver.verify(state, parseReviver.run(state));
  assert.throws(() => parseReviver.verify(state, state.bytes), /no parsed value/);
});

test('parse-reviver-source verify rejects a reviver that saw the wrong source text', () => {
  const state = parseReviverSource.setup(small);
  const units = parseReviverSource.run(state);
  state.chars -= 1;
  assert.throws(() => parseReviverSource.verify(state, units), /chars of primitive source text/);
});

test('parse-reviver-source requires the proposal that brings the context argument', () => {
  assert.deepEqual(parseReviverSource.requires, ['JSON.rawJSON']);
});

test('stringify verify rejects output with one character changed, and names where', () => {
  const state = /** @type {any} */ (stringifyReplacer.setup(small));
  const units = stringifyReplacer.run(state);
  state.out = `${state.out.slice(0, 100)}#${state.out.slice(101)}`;
  assert.throws(() => stringifyReplacer.verify(state, units), /at offset 100/);
});

test('reviver and replacer workloads report one call per value', () => {
  const state = parseReviver.setup(small);
  assert.equal(parseReviver.report(state).reviver_calls_per_call, state.values);
  const s = stringifyReplacer.setup(small);
  assert.equal(stringifyReplacer.report(s).replacer_calls_per_call, s.values);
});
