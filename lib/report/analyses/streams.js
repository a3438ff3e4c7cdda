// Extra tables for the streams suite, printed under the throughput table (registered in ./index.js).
import { scaling, scalingTable } from './scaling.js';
import { publishedTable } from './streams-published.js';

export default [
  {
    title: 'Streams: cost as work grows (throughput by total size per runtime)',
    table: (results) => scalingTable(scaling(results, 'streams')),
  },
  {
    title: 'experimental-fast-webstreams: published fast ÷ native against this run, at the published sizes',
    table: publishedTable,
  },
];
