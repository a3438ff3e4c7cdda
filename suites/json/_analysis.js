// Extra tables for the json suite, printed under the throughput table (see lib/run/discover.js).
import { renderSlowdown, reviverSlowdown } from './_slowdown.js';

export default [
  {
    title: 'JSON reviver slowdown (median time of parse-reviver / parse, same document, 95% interval over rounds)',
    render(results, { markdown }) {
      const list = reviverSlowdown(results);
      return list.length ? renderSlowdown(list, { markdown }) : null;
    },
  },
];
