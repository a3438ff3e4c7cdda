// JSON.parse with an identity reviver, the way React's flight client parses RSC payloads
// (JSON.parse(text, response._fromJSON)): one reviver call per value. The Workers CPU study saw
// over 100,000 such calls per Next.js request; V8 made them slower when json-parse-with-source
// gave revivers a third argument, and faster again in V8 14.3.
import { checkCalledPerValue, checkParsed, docReport, docState, PARAMS } from './_docs.js';

const identity = (_key, value) => value;

export default {
  name: 'parse-reviver',
  unit: 'bytes',
  params: PARAMS,
  async setup(params, ctx) {
    const state = await docState(params, ctx);
    checkCalledPerValue(state, 'Reviver', (cb) => JSON.parse(state.text, cb));
    return state;
  },
  run(state) {
    state.out = JSON.parse(state.text, identity);
    return state.bytes;
  },
  verify: checkParsed,
  report: (state) => ({ ...docReport(state), reviver_calls_per_call: state.values }),
};
