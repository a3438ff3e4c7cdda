// Every option of every command, and the defaults they share: one name, one meaning, one default,
// whichever command takes it (cli.js checks that a command takes only the options it lists).

import { MODES } from '../measure/defaults.js';
import { UsageError } from '../paths.js';
import { RELEASE_NAMES } from '../runtimes/platform.js';
import { loadRegistry, REGISTRY_FILE } from '../runtimes/registry.js';
import { SHOW_VALUES } from './inputs.js';

/**
 * The runtimes a command compares when none are named (make compare, make wpt, make checks):
 * `default_runtimes` in runners/runtimes.json, the project's own registry even when a test names
 * another (PARITY_REGISTRY), so a fake registry cannot change what a bare command runs.
 */
export const DEFAULT_RUNTIMES = loadRegistry(REGISTRY_FILE).defaults.join(' ');

/**
 * A default per mode as the help prints it, read from MODES so the two cannot drift: "QUICK 85s, full 30m".
 * @param {(mode: any) => string} text
 */
const modeDefaults = (text) => `QUICK ${text(MODES.quick)}, full ${text(MODES.full)}`;

/** The WPT folders make wpt runs when none are named. */
export const DEFAULT_WPT_DIRS = 'streams';

/**
 * One command of the table: `options` it takes, `files` as [min, max] positionals with the error
 * for a wrong count, and `run`, which returns the exit code.
 * @typedef {{summary: string, options: string[], files?: [number, number, string], run: (o: any, files: string[]) => Promise<number> | number}} Command
 */

/** @type {Record<string, {type: 'string' | 'boolean', help: string, short?: string}>} */
export const OPTIONS = {
  runtimes: { type: 'string', help: `runtime ids, "node deno bun" (default: ${DEFAULT_RUNTIMES}; see runtimes)` },
  suite: { type: 'string', help: 'suites to run, "math,json" (default: all)' },
  workload: { type: 'string', help: 'workload names within those suites' },
  params: {
    type: 'string',
    help: 'only these parameter values, "mb=64,100 chunk=1024" (workloads without the key are left out)',
  },
  quick: { type: 'boolean', help: 'QUICK mode: fewer rounds, shorter jobs, first parameter values' },
  rounds: { type: 'string', help: 'a fixed number of rounds instead of adaptive ones' },
  seed: {
    type: 'string',
    help: "the runtime order's seed (balanced random order per round; default: drawn, recorded as options.order_seed)",
  },
  precision: {
    type: 'string',
    help: `rounds go on until each ratio is known to ± this, e.g. 3% (${modeDefaults((m) => `${Math.round(m.precision * 100)}%`)})`,
  },
  budget: {
    type: 'string',
    help: `past the minimum rounds, no row that would end later than this after the start, e.g. 5m (${modeDefaults((m) => (m.budget_s % 60 ? `${m.budget_s}s` : `${m.budget_s / 60}m`))})`,
  },
  timeout: { type: 'string', help: 'seconds before a job is killed and recorded as timeout' },
  'mem-cap': { type: 'string', help: 'MB of RSS before a job is killed and recorded as oom' },
  'min-ms': { type: 'string', help: 'minimum sampling time per job' },
  'warmup-ms': { type: 'string', help: 'warm-up time per job' },
  starts: {
    type: 'string',
    help: `starts per start-up job (${modeDefaults((m) => String(m.starts))}); p90 is printed from 100, p99 from 1000`,
  },
  baseline: { type: 'string', help: 'runtime id ratios are taken against (default: the first)' },
  show: { type: 'string', help: `extra tables and marks: ${SHOW_VALUES.join(',')}` },
  only: { type: 'string', help: "table: main (the runtime tables) or analyses (the suite's own tables)" },
  out: { type: 'string', help: 'file to write (run: default results/<stamp>-<host>.json)' },
  format: { type: 'string', help: 'export format: one of those the export command lists above' },
  strict: {
    type: 'boolean',
    help: 'methodology warnings (NODE_ENV, GC, undeclared flags, busy machine) are errors: exit 2 before numbers',
  },
  'suites-dir': { type: 'string', help: 'another suites folder (tests)' },
  markdown: { type: 'boolean', help: 'print markdown tables' },
  conformance: { type: 'boolean', help: 'also run the shared checks, and WPT when WPT_DIR is set' },
  check: {
    type: 'boolean',
    help: 'runtimes: exit 1 unless every pinned runtime is a native binary; readme: exit 1 when README is stale',
  },
  aa: { type: 'boolean', help: 'A/A run: the one runtime given against itself under a second id <id>/aa' },
  calibrate: {
    type: 'boolean',
    help: 'time a fixed calibration beside each bench job; a process whose calibration is off by more than its runtime’s robust spread in the run is replaced by a fresh one, once',
  },
  floor: { type: 'string', help: 'an A/A results file: show its noise floor beside ratios and in diffs' },
  threshold: {
    type: 'string',
    help: 'diff, gate: percent slowdown beyond which a significant regression fails (default: diff 5, gate 10)',
  },
  base: { type: 'string', help: 'gate: a parity checkout of the base, with its own node_modules (make -C it setup)' },
  // Releases as runtimes (timeline, bisect).
  runtime: {
    type: 'string',
    help: `timeline, bisect: ${RELEASE_NAMES.join(', ')} (the kinds with release packages; the releases are name@x.y.z)`,
  },
  versions: { type: 'string', help: 'timeline: releases, a range "22.0.0..24.21.0" or a list "24.9.0 24.21.0"' },
  every: {
    type: 'string',
    help: 'timeline: thin a range to one release per major, minor or patch (default patch: all)',
  },
  good: { type: 'string', help: 'bisect: the older release, e.g. 24.9.0' },
  bad: { type: 'string', help: 'bisect: the newer release, e.g. 24.21.0' },
  wpt: { type: 'string', help: 'bisect: a WPT test file; find where its subtests changed status instead of a figure' },
  'node-test': {
    type: 'string',
    help: "timeline, bisect: one of Node's test files (parallel/test-fs-cp.js); find where its outcome changed",
  },
  html: { type: 'string', help: 'timeline: where to write the chart (default: beside the results file)' },
  // Conformance (wpt, checks).
  'wpt-dir': { type: 'string', help: 'a web-platform-tests checkout (default .wpt/wpt, from wpt-fetch)' },
  dirs: {
    type: 'string',
    help: `wpt: WPT folders to run, or all / ecma-429 (conformance/wpt.json; default: ${DEFAULT_WPT_DIRS}); node-compat: folders of Node's test/ (default parallel,es-module)`,
  },
  files: {
    type: 'string',
    help: 'wpt-diff: only WPT files matching these globs; node-compat: only Node test files matching them (parallel/test-url-*.js)',
  },
  'node-test-dir': { type: 'string', help: "node-compat: Node's test/ folder (default: NODE_TEST_DIR)" },
  modules: {
    type: 'string',
    help: 'node-compat: only these node:* modules, "fs,url" (conformance/node-test/modules.json)',
  },
  dest: { type: 'string', help: 'wpt-fetch: where to clone WPT (default .wpt/wpt)' },
  repo: { type: 'string', help: 'wpt-fetch: the WPT repository to fetch from (default: conformance/wpt.json, GitHub)' },
  concurrency: { type: 'string', help: 'wpt: test files run at once (default 2)' },
  'timeout-multiplier': { type: 'string', help: "wpt: multiply each test's timeout (default 1)" },
  verbose: { type: 'boolean', help: 'wpt: a line for every file, passing ones too' },
  'no-write': { type: 'boolean', help: 'wpt, checks: write no results file' },
  help: { type: 'boolean', short: 'h', help: 'this text' },
};

/**
 * A positive number option, or its default when unset; anything else is a usage error.
 * @param {string} name
 * @param {string | undefined} value
 * @param {number} fallback
 * @param {{integer?: boolean}} [o]
 */
export function positiveOption(name, value, fallback, { integer = false } = {}) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`Invalid --${name} "${value}": expected a positive ${integer ? 'integer' : 'number'}`);
  }
  return n;
}
