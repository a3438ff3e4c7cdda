// JSON.stringify with an identity replacer function: one call per value, the mirror image of
// parse-reviver (serialising RSC payloads and Next.js props goes through replacers too).
import { checkCalledPerValue, checkStringified, docReport, docState, PARAMS } from './_docs.js';

const identity = (_key, value) => value;

export default {
  name: 'stringify-replacer',
  unit: 'bytes',
  params: PARAMS,
  async setup(params, ctx) {
    const state = await docState(params, ctx);
    checkCalledPerValue(state, 'Replacer', (cb) => JSON.stringify(state.value, cb));
    return state;
  },
  run(state) {
    state.out = JSON.stringify(state.value, identity);
    return state.bytes;
  },
  verify: checkStringified,
  report: (state) => ({ ...docReport(state), replacer_calls_per_call: state.values }),
};
