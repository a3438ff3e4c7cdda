// JSON.parse without a reviver: the baseline that parse-reviver's slowdown is measured against.
import { checkParsed, docReport, docState, PARAMS } from './_docs.js';

export default {
  name: 'parse',
  unit: 'bytes',
  params: PARAMS,
  setup: docState,
  run(state) {
    state.out = JSON.parse(state.text);
    return state.bytes;
  },
  verify: checkParsed,
  report: docReport,
};
