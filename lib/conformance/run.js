// Conformance next to speed: `make compare CONFORMANCE=1` runs the shared checks (and WPT, when
// a checkout is at hand) for the same runtimes as the perf jobs, into the same results file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkRows, collectChecks, unsupportedLines } from './checks.js';
import { loadChecks } from './checks-load.js';
import { effectiveExpectations } from './expectations.js';
import { findHarness, runWpt, wptLocation } from './wpt.js';
import { discover } from './wpt-discover.js';
import { loadPin } from './wpt-pin.js';
import { wptserveDir } from './wptserve.js';

/**
 * Checks for every runtime, plus WPT for the perf suites that have a WPT folder of the same
 * name (streams ↔ WPT streams/). Returns rows and notes on what could not be run.
 * @param {any[]} runtimes resolved runtimes (lib/runtimes/registry.js)
 * @param {string[]} suites perf suites of this run
 * @param {{log?: (line: string) => void}} [opts]
 */
export async function runConformance(runtimes, suites, { log = () => {} } = {}) {
  const rows = [];
  const notes = [];
  const all = await loadChecks();
  const expectations = Object.fromEntries(runtimes.map((rt) => [rt.id, effectiveExpectations(rt.id)]));
  // The checks collector is a script a runtime process runs; workerd's driver runs them in a worker
  // and names the suites it cannot run. WPT runs wherever the kind has a host.
  const present = runtimes.filter((r) => !r.missing);
  for (const rt of present) {
    log(`conformance: checks on ${rt.id}`);
    const collected = await collectChecks(rt);
    rows.push(...checkRows(rt.id, collected, expectations[rt.id], all));
    notes.push(...unsupportedLines(rt.id, collected));
  }
  const { dir: root, exists } = wptLocation();
  const dirs = exists ? suites.filter((s) => existsSync(join(root, s))) : [];
  if (!exists) notes.push('WPT not run: set WPT_DIR to a web-platform-tests checkout (or make wpt-fetch)');
  let wpt = null;
  if (dirs.length) {
    const { tests, notApplicable } = discover(root, dirs, loadPin().not_applicable, { server: wptserveDir() !== null });
    const withHost = present.filter((r) => r.wpt);
    log(`conformance: WPT ${dirs.join(', ')} (${tests.length} files) on ${withHost.length} runtime(s)`);
    const results = await runWpt({ runtimes: withHost, wptRoot: root, tests, expectations });
    rows.push(...results.flatMap((r) => r.rows));
    wpt = {
      dir: root,
      harness: findHarness(root),
      files: { run: tests.map((t) => t.id), not_applicable: notApplicable },
    };
  }
  return { rows, notes, wpt };
}
