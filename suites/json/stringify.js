// JSON.stringify of the generated document; the output must equal the text _docs.js serialised.
import { checkStringified, docReport, docState, PARAMS } from './_docs.js';

export default {
  name: 'stringify',
  unit: 'bytes',
  params: PARAMS,
  setup: docState,
  run(state) {
    state.out = JSON.stringify(state.value);
    return state.bytes;
  },
  verify: checkStringified,
  report: docReport,
};
