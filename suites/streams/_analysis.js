// Extra tables for the streams suite, printed under the throughput table (see lib/results/discover.js).
import { scaling, scalingTable } from '../../lib/report/scaling.js';
import { publishedTable } from './_published.js';

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
