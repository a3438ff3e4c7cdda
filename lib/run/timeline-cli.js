// The commands and options of releases as runtimes (timeline, bisect, runtimes-prune), spliced
// into cli.js's one command table so help, errors and dispatch stay in one place.
import { cacheDir, pruneCache } from '../runtimes/cache.js';
import { bisect, showTimeline, timeline } from './timeline.js';

/** Options only these commands take. */
export const TIMELINE_OPTIONS = {
  runtime: { type: 'string', help: 'timeline, bisect: node, deno or bun (the releases are name@x.y.z)' },
  versions: { type: 'string', help: 'timeline: releases, a range "22.0.0..24.21.0" or a list "24.9.0 24.21.0"' },
  every: {
    type: 'string',
    help: 'timeline: thin a range to one release per major, minor or patch (default patch: all)',
  },
  good: { type: 'string', help: 'bisect: the older release, e.g. 24.9.0' },
  bad: { type: 'string', help: 'bisect: the newer release, e.g. 24.21.0' },
  wpt: { type: 'string', help: 'bisect: a WPT test file; find where its subtests changed status instead of a figure' },
  'wpt-dir': { type: 'string', help: 'bisect --wpt: the web-platform-tests checkout (default .wpt/wpt)' },
  html: { type: 'string', help: 'timeline: where to write the chart (default: beside the results file)' },
};

const MEASURE = ['suite', 'workload', 'params', 'quick', 'rounds', 'timeout', 'min-ms', 'warmup-ms', 'out'];

/** @type {Record<string, {summary: string, options: string[], files?: [number, number, string], run: (o: any, files: string[]) => Promise<number> | number}>} */
export const TIMELINE_COMMANDS = {
  timeline: {
    summary:
      'a figure across releases: run them interleaved, print the series with a sparkline, chart it (or show a kept file)',
    options: ['runtime', 'versions', 'every', ...MEASURE, 'floor', 'markdown', 'html'],
    files: [0, 1, 'timeline shows at most one results file'],
    run: (o, [file]) => (file ? showTimeline(file, o) : timeline(o)),
  },
  bisect: {
    summary: 'the release between --good and --bad where a figure (or a WPT file, --wpt) changed',
    options: ['runtime', 'good', 'bad', 'wpt', 'wpt-dir', ...MEASURE],
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
