// The same page as render-buffered, streamed through a ReadableStream a hundred rows at a
// time: the first byte leaves before the page is built, the last byte does not come sooner.
import { expectPage } from './_check.js';
import { PAGE_BYTES, PAGE_ROWS, PAGE_TAIL, rowHtml } from './_page.js';

export default {
  name: 'render-stream',
  unit: 'requests',
  server: './_server.js',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1, 8] },
  request: () => ({ method: 'GET', path: '/render-stream' }),
  verify: (res) => expectPage(res, 'render-stream', PAGE_BYTES, rowHtml(PAGE_ROWS - 1) + PAGE_TAIL),
};
