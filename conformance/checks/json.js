// JSON: source text access (reviver context) and raw JSON, TC39 proposal-json-parse-with-source (stage 4).
import assert from 'node:assert/strict';

/** JSON with the ES2025 rawJSON API, which TypeScript's lib does not describe yet. */
const J = /** @type {any} */ (JSON);

export default [
  {
    id: 'parse-reviver-context',
    fn() {
      const seen = {};
      JSON.parse('{"a": 1.0, "b": "x", "big": 12345678901234567890, "list": [true]}', (key, value, context) => {
        seen[key] = context;
        return value;
      });
      assert.equal(typeof seen.a, 'object', 'reviver gets a third argument (context)');
      assert.equal(seen.a.source, '1.0', 'context.source is the number as written');
      assert.equal(seen.b.source, '"x"');
      assert.equal(seen.big.source, '12345678901234567890');
      assert.equal(seen[0].source, 'true');
      assert.equal('source' in seen.list, false, 'objects and arrays have no source');
    },
  },
  {
    id: 'raw-json',
    fn() {
      assert.equal(typeof J.rawJSON, 'function', 'J.rawJSON exists');
      const raw = J.rawJSON('12345678901234567890');
      assert.equal(J.isRawJSON(raw), true);
      assert.equal(J.isRawJSON({ rawJSON: '1' }), false);
      assert.equal(Object.isFrozen(raw), true, 'raw JSON objects are frozen');
      assert.equal(Object.getPrototypeOf(raw), null);
      assert.equal(JSON.stringify({ n: raw, l: [J.rawJSON('"s"')] }), '{"n":12345678901234567890,"l":["s"]}');
      assert.throws(() => J.rawJSON('{}'), SyntaxError, 'only primitives are allowed');
    },
  },
  {
    id: 'stringify-well-formed',
    fn() {
      assert.equal(JSON.stringify('\uD800'), '"\\ud800"', 'lone surrogates are escaped');
      assert.equal(JSON.stringify('\uD83D\uDE00'), '"\uD83D\uDE00"');
    },
  },
];
