// A POSTed JSON body of 2,000 records parsed with a reviver (dates revived): the path slowed by
// V8's json-parse-with-source change, here inside a real request.
import { expectOk, text } from './_check.js';
import { REVIVER_ANSWER, reviverBody } from './_page.js';

const BODY = reviverBody();

export default {
  name: 'json-reviver',
  unit: 'requests',
  server: './_server.js',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1, 8] },
  request: () => ({
    method: 'POST',
    path: '/json-reviver',
    body: BODY,
    headers: { 'content-type': 'application/json' },
  }),
  verify(res) {
    expectOk(res, 'json-reviver');
    const doc = JSON.parse(text(res));
    if (doc.dates !== REVIVER_ANSWER.dates || doc.sum !== REVIVER_ANSWER.sum) {
      throw new Error(`json-reviver: answered ${text(res)}, expected ${JSON.stringify(REVIVER_ANSWER)}`);
    }
  },
};
