// react-dom/server on a tree of ~3,000 elements, to a string or to a ReadableStream, with
// NODE_ENV development or production set for the server process: React's dev build does
// extra checks on every element, the penalty of the benchmark that left NODE_ENV unset.
import { expectOk, text } from './_check.js';
import { REACT_ITEMS } from './_page.js';

export default {
  name: 'react-ssr',
  unit: 'requests',
  server: './_server.js',
  params: { node_env: ['production', 'development'], render: ['string', 'stream'], concurrency: [1, 8, 64] },
  quick: { node_env: ['production', 'development'], render: ['string'], concurrency: [1, 8] },
  /** The server's environment: React picks its build from NODE_ENV when it loads. */
  serverEnv: (p) => ({ NODE_ENV: p.node_env }),
  request: (p) => ({ method: 'GET', path: `/react-ssr?render=${p.render}` }),
  verify(res) {
    expectOk(res, 'react-ssr');
    const t = text(res);
    const items = t.split('<li ').length - 1;
    if (items !== REACT_ITEMS || !t.startsWith('<ul id="list">') || !t.endsWith('</li></ul>')) {
      throw new Error(`react-ssr: ${items} items in ${t.length} characters, expected ${REACT_ITEMS} in one list`);
    }
  },
};
