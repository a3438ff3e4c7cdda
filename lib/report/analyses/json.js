// Extra tables for the json suite, printed under the throughput table (registered in ./index.js).

import { reviverSlowdown, slowdownTable } from './json-slowdown.js';
import { scaling, scalingTable } from './scaling.js';

export default [
  {
    title: 'JSON reviver slowdown (time of parse-reviver / parse, same document: geometric mean of per-round ratios)',
    table(results, opts) {
      const list = reviverSlowdown(results);
      return list.length ? slowdownTable(list, opts) : null;
    },
  },
  {
    title: 'JSON: cost as work grows (throughput by document size per runtime)',
    table: (results) => scalingTable(scaling(results, 'json')),
  },
];
