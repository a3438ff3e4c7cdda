// The page built whole, then sent: the first byte waits for the last row (the confounder of
// the Workers-vs-Node argument, where one side buffered megabytes before its first byte).
import { expectPage } from './_check.js';
import { PAGE_BYTES, PAGE_ROWS, PAGE_TAIL, rowHtml } from './_page.js';

export default {
  name: 'render-buffered',
  unit: 'requests',
  server: './_server.js',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1, 8] },
  request: () => ({ method: 'GET', path: '/render-buffered' }),
  verify: (res) => expectPage(res, 'render-buffered', PAGE_BYTES, rowHtml(PAGE_ROWS - 1) + PAGE_TAIL),
};
