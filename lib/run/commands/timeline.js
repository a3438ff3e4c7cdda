// The commands of releases as runtimes (timeline, bisect, runtimes-prune), spliced into cli.js's
// one command table (their options are in options.js with every other) so help, errors and
// dispatch stay in one place.
import { cacheDir, pruneCache } from '../../runtimes/cache.js';
import { bisect, showTimeline, timeline } from '../workflows/timeline.js';

const MEASURE = ['suite', 'workload', 'params', 'quick', 'rounds', 'timeout', 'min-ms', 'warmup-ms', 'out'];

/** @type {Record<string, import('../options.js').Command>} */
export const TIMELINE_COMMANDS = {
  timeline: {
    summary:
      'a figure (or a WPT file, --wpt, or a Node test file, --node-test) across releases: run them interleaved, print the series with a sparkline, chart it (or show a kept file)',
    options: [
      'runtime',
      'versions',
      'every',
      'wpt',
      'wpt-dir',
      'node-test',
      'node-test-dir',
      ...MEASURE,
      'floor',
      'markdown',
      'html',
    ],
    files: [0, 1, 'timeline shows at most one results file'],
    run: (o, [file]) => (file ? showTimeline(file, o) : timeline(o)),
  },
  bisect: {
    summary:
      'the release between --good and --bad where a figure (or a WPT file, --wpt, or a Node test file, --node-test) changed',
    options: ['runtime', 'good', 'bad', 'wpt', 'wpt-dir', 'node-test', 'node-test-dir', ...MEASURE],
    run: (o) => bisect(o),
  },
  prune: {
    summary: 'empty the release cache (releases installed from npm as name@x.y.z)',
    options: [],
    run() {
      const removed = pruneCache(0);
      process.stdout.write(
        `runtimes-prune: removed ${removed.length} release(s) from ${cacheDir()}${removed.length ? `: ${removed.join(', ')}` : ''}\n`,
      );
      return 0;
    },
  },
};
