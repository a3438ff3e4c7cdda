// make bisect … WPT=<test file>: the release where a WPT subtest started or stopped passing. A WPT
// outcome does not vary from run to run the way a timing does, so each release runs the file once
// and two releases differ when any subtest's status differs.
import { relative } from 'node:path';
import { runWpt, wptLocation } from '../../conformance/wpt.js';
import { discover } from '../../conformance/wpt-discover.js';
import { wptserveDir } from '../../conformance/wptserve.js';
import { UsageError } from '../../paths.js';
import { wptBisectLines, wptTimelineLines } from '../../report/across/timeline.js';
import { provenance, resultsPath, writeJsonAtomic } from '../../results/file.js';
import { bisectSearch } from '../../runtimes/bisect.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { releaseIds } from '../../runtimes/releases.js';

/** Subtests whose status differs between two outcome maps (a subtest one side lacks counts). */
export function differingSubtests(a, b) {
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

/**
 * Bisect a WPT file's subtest statuses over `versions` of `o.runtime`.
 * @param {Record<string, any>} o
 * @param {string[]} versions
 * @param {{runFile?: (version: string) => Promise<Map<string, string>>}} [inject] tests pass statuses
 */
export async function bisectWpt(o, versions, inject = {}) {
  const runFile = inject.runFile ?? wptRunner(o);
  /** @type {Map<string, Map<string, string>>} */
  const statuses = new Map();
  const statusOf = async (v) => {
    if (!statuses.has(v)) statuses.set(v, await runFile(v));
    return /** @type {Map<string, string>} */ (statuses.get(v));
  };
  const measure = async (vs) => {
    for (const v of vs) await statusOf(v);
    return {
      compare(a, b) {
        const d = differingSubtests(/** @type {any} */ (statuses.get(a)), /** @type {any} */ (statuses.get(b)));
        return {
          significant: d.length > 0,
          size: d.length,
          verdict: d.length ? `${d.length} subtest(s) differ` : 'identical subtests',
        };
      },
    };
  };
  const result = await bisectSearch(versions, measure, { log: (s) => process.stderr.write(`${s}\n`) });
  const [before, after] = [statuses.get(result.before), statuses.get(result.after)];
  const changed = differingSubtests(/** @type {any} */ (before), /** @type {any} */ (after));
  const runs = Object.fromEntries([...statuses].map(([v, m]) => [v, Object.fromEntries(m)]));
  const summary = { runtime: o.runtime, wpt: o.wpt, releases: versions.length, ...result, changed, runs };
  const lines = wptBisectLines(summary);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!inject.runFile) {
    const out = o.out ?? resultsPath(new Date(), undefined, `-bisect-wpt-${o.runtime}`);
    writeJsonAtomic(out, { command: invocation(), ...summary, provenance: provenance() });
    process.stderr.write(`parity: bisect written to ${relative(process.cwd(), out)}\n`);
  }
  return result.status === 'found' ? 0 : 1;
}

/**
 * make timeline … WPT=<test file>: the file on every release of the range, each once, and per
 * release its subtests passed and what changed since the release before.
 * @param {Record<string, any>} o
 * @param {string[]} versions
 * @param {{runFile?: (version: string) => Promise<Map<string, string>>}} [inject] tests pass statuses
 */
export async function timelineWpt(o, versions, inject = {}) {
  const runFile = inject.runFile ?? wptRunner(o);
  /** @type {Array<{version: string, passed: number, total: number, changed: string[]}>} */
  const series = [];
  /** @type {Map<string, string> | null} */
  let before = null;
  for (const v of versions) {
    const now = await runFile(v);
    const passed = [...now.values()].filter((s) => s === 'pass').length;
    series.push({ version: v, passed, total: now.size, changed: before ? differingSubtests(before, now) : [] });
    before = now;
  }
  const lines = wptTimelineLines({ runtime: o.runtime, wpt: o.wpt, series });
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!inject.runFile) {
    const out = o.out ?? resultsPath(new Date(), undefined, `-timeline-wpt-${o.runtime}`);
    writeJsonAtomic(out, {
      command: invocation(),
      runtime: o.runtime,
      wpt: o.wpt,
      series,
      provenance: provenance(),
    });
    process.stderr.write(`parity: timeline written to ${relative(process.cwd(), out)}\n`);
  }
  return 0;
}

/** Runs the WPT file (every META variant) on one release: subtest → status. */
function wptRunner(o) {
  const { dir, exists } = wptLocation(o['wpt-dir'] || undefined);
  if (!exists)
    throw new UsageError(
      `No WPT checkout at ${dir}: run make wpt-fetch, or set WPT_DIR to a web-platform-tests checkout`,
    );
  let tests;
  try {
    ({ tests } = discover(dir, [o.wpt], {}, { server: wptserveDir() !== null }));
  } catch (e) {
    throw new UsageError(/** @type {Error} */ (e).message);
  }
  if (!tests.length)
    throw new UsageError(
      `WPT="${o.wpt}" is not a runnable test file under ${dir} (expected a .any.js or .worker.js file)`,
    );
  return async (v) => {
    const [id] = releaseIds(o.runtime, [v]);
    const rt = resolveRuntime(id);
    /** @type {Map<string, string>} */
    const out = new Map();
    // The runner of make wpt, with no expectations: raw statuses, wptserve when a file needs it.
    for (const r of await runWpt({ runtimes: [rt], wptRoot: dir, tests, expectations: {} })) {
      for (const row of r.rows) out.set(`${r.test.id} > ${row.subtest}`, row.status);
    }
    process.stderr.write(
      `parity: ${id}: ${[...out.values()].filter((s) => s === 'pass').length}/${out.size} subtests pass\n`,
    );
    return out;
  };
}
