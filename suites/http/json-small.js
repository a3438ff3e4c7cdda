// A small JSON answer: the request path itself (routing, headers, serialisation) is the work.
import { expectOk, text } from './_check.js';

export default {
  name: 'json-small',
  unit: 'requests',
  server: './_server.js',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1, 8] },
  request: () => ({ method: 'GET', path: '/json-small' }),
  verify(res) {
    expectOk(res, 'json-small');
    const doc = JSON.parse(text(res));
    if (doc.name !== 'parity' || doc.n !== 42 || doc.tags?.length !== 3)
      throw new Error(`json-small: unexpected body ${text(res)}`);
  },
};
