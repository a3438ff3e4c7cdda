// JSON.parse with a three-argument reviver that reads context.source (the TC39
// json-parse-with-source proposal), e.g. to keep the exact digits of large numbers.
// Support is declared by requiring JSON.rawJSON, which ships with the same proposal: runtimes
// without it report "unsupported". A runtime that has JSON.rawJSON but passes no context, or a
// wrong source text, fails setup or verify with an error: half an implementation is not a result.
import { checkParsed, docReport, docState, PARAMS } from './_docs.js';

export default {
  name: 'parse-reviver-source',
  unit: 'bytes',
  params: PARAMS,
  requires: ['JSON.rawJSON'],
  async setup(params, ctx) {
    /** @type {any} */
    let probe;
    JSON.parse('[1.50]', (k, v, context) => {
      if (k === '0') probe = context;
      return v;
    });
    if (probe?.source !== '1.50') {
      throw new Error(
        `Reviver context.source for [1.50] is ${JSON.stringify(probe?.source)}, expected "1.50": JSON.rawJSON exists but the reviver gets no source`,
      );
    }
    /** @type {any} */
    const state = await docState(params, ctx);
    let chars = 0;
    state.reviver = (_key, value, context) => {
      if (typeof value !== 'object' || value === null) chars += context.source.length;
      return value;
    };
    state.takeChars = () => {
      const c = chars;
      chars = 0;
      return c;
    };
    return state;
  },
  run(state) {
    state.out = JSON.parse(state.text, state.reviver);
    state.chars = state.takeChars();
    return state.bytes;
  },
  verify(state, units) {
    if (state.chars !== state.sourceChars) {
      throw new Error(
        `Reviver saw ${state.chars} chars of primitive source text, the document has ${state.sourceChars}`,
      );
    }
    checkParsed(state, units);
  },
  report: (state) => ({ ...docReport(state), reviver_calls_per_call: state.values }),
};
