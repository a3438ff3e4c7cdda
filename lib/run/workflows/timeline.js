// make timeline and make bisect: releases of one runtime as runtime ids, run interleaved by the
// ordinary run loop, then read back as a series (timeline) or searched for the release where a
// figure changed (bisect, one paired interleaved run per step). WPT bisect is in bisect-wpt.js.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, splitList, UsageError } from '../../paths.js';
import { bisectLines, timelineSeries, timelineTable } from '../../report/across/timeline.js';
import { renderTimelineHtml } from '../../report/html/timeline.js';
import { printFormat, printTable, wantsColor } from '../../report/text/print.js';
import { floorByRow } from '../../results/aa.js';
import { aggregate, cellRatio } from '../../results/aggregate.js';
import { loadWorkloads, SUITES_DIR } from '../../results/discover.js';
import { provenance, readResults, resultsPath, writeJsonAtomic } from '../../results/file.js';
import { METRICS, throughputUnit } from '../../results/metrics.js';
import { bisectSearch, MARGIN_FLOOR, MARGIN_FRACTION } from '../../runtimes/bisect.js';
import { capBytes } from '../../runtimes/cache.js';
import { packageVersions } from '../../runtimes/npm.js';
import { NOTES_URL, platformPackage, RELEASE_NAMES, RELEASES } from '../../runtimes/platform.js';
import { ensureRelease, releaseIds } from '../../runtimes/releases.js';
import { EVERY, selectVersions } from '../../runtimes/versions.js';
import { run } from '../loop/loop.js';
import { MODES, parseParamFilter, planParams } from '../plan/plan.js';

/** RUNTIME must name a runtime whose releases are on npm. */
function needName(o) {
  if (!RELEASE_NAMES.includes(o.runtime)) {
    throw new UsageError(
      `Invalid RUNTIME "${o.runtime ?? ''}": a timeline or bisect takes one of ${RELEASE_NAMES.join(', ')}`,
    );
  }
}

/** Paired rounds of a bisect step's first run. */
export const BISECT_ROUNDS = 5;

/** A usage error from any error (one line, exit 2). */
const usage = (e) => new UsageError(/** @type {Error} */ (e).message);

/**
 * The releases of `name` a spec selects, and those skipped for having no build on this platform.
 * @returns {Promise<{versions: string[], skipped: {version: string, reason: string}[]}>}
 */
export async function releasesFor(name, spec, every = 'patch', { fetchImpl = fetch } = {}) {
  if (!RELEASE_NAMES.includes(name)) {
    throw new UsageError(
      `Invalid RUNTIME "${name ?? ''}": a timeline or bisect takes one of ${RELEASE_NAMES.join(', ')}`,
    );
  }
  const p = platformPackage(name);
  if ('unsupported' in p) throw new UsageError(p.unsupported);
  const here = Object.keys(await packageVersions(p.package, { fetchImpl }).catch((e) => Promise.reject(usage(e))));
  const all = Object.keys(await packageVersions(RELEASES[name].reference, { fetchImpl }).catch(() => ({})));
  let chosen;
  try {
    chosen = selectVersions([...new Set([...here, ...all])], spec, /** @type {any} */ (every));
  } catch (e) {
    throw usage(e);
  }
  const has = new Set(here);
  const skipped = chosen
    .filter((v) => !has.has(v))
    .map((version) => ({
      version,
      reason: `no ${p.package}@${version} on npm (no build for ${process.platform}-${process.arch})`,
    }));
  return { versions: chosen.filter((v) => has.has(v)), skipped };
}

/**
 * Check before any install or job that SUITE/WORKLOAD/PARAMS select what a timeline or bisect can
 * read: at least one workload row (bisect: exactly one). QUICK's grid holds the first parameter
 * values only; PARAMS naming others (mb=64) keeps QUICK's timing on the full grid instead.
 */
export async function planCheck(o, exactlyOne) {
  const suites = splitList(o.suite);
  if (!suites.length)
    throw new UsageError(
      'Set SUITE (and WORKLOAD, PARAMS) to the figure to follow, e.g. SUITE=streams WORKLOAD=read-prefilled',
    );
  let workloads = await loadWorkloads(suites, SUITES_DIR).catch((e) => Promise.reject(usage(e)));
  const only = splitList(o.workload);
  if (only.length) workloads = workloads.filter((w) => only.includes(w.name));
  let filter;
  try {
    filter = parseParamFilter(o.params);
  } catch (e) {
    throw usage(e);
  }
  // An older release can be orders of magnitude slower than the ones a suite's timeouts suit:
  // without TIMEOUT, a job gets the full mode's limit even under QUICK.
  const opts = { ...o, timeout: o.timeout ?? String(MODES.full.timeout_s) };
  const n = workloads.flatMap((w) => (w.module ? planParams(w.module, Boolean(o.quick), filter) : [])).length;
  if (!n)
    throw new UsageError(
      `No workload and parameter set matches SUITE=${o.suite} WORKLOAD=${o.workload ?? ''} PARAMS=${o.params ?? ''}`,
    );
  if (exactlyOne && n !== 1) {
    throw new UsageError(
      `Bisect follows one figure, but SUITE/WORKLOAD/PARAMS select ${n} workload × parameter sets: narrow them, e.g. WORKLOAD=read-prefilled PARAMS="chunk=1024 mb=64"`,
    );
  }
  return opts;
}

/** Refuse a series the cache cannot hold at once (a release pruned mid-run would be fetched again). */
function checkCap(name, count) {
  const need = count * RELEASES[name].release_bytes;
  const cap = capBytes();
  if (need > cap) {
    throw new UsageError(
      `${count} ${name} releases need about ${(need / 1e9).toFixed(1)} GB of cache, over its cap of ${(cap / 1e9).toFixed(1)} GB: set PARITY_CACHE_GB higher or thin the series with EVERY=minor`,
    );
  }
}

/** Print a timeline file's series and write its HTML chart beside it. */
export function showTimeline(file, o = {}) {
  const doc = readResults(file);
  const floor = o.floor ? floorByRow(readResults(o.floor)) : undefined;
  const series = timelineSeries(doc, { floor });
  const color = !o.markdown && wantsColor();
  for (const s of series) {
    process.stdout.write(
      `\n${printTable(timelineTable(s, { floorGiven: Boolean(floor) }), { format: printFormat(o), color })}\n`,
    );
  }
  const html = o.html ?? file.replace(/\.json$/, '.html');
  writeFileSync(html, renderTimelineHtml(doc, series, { floorGiven: Boolean(floor) }));
  process.stderr.write(`parity: timeline chart written to ${relative(process.cwd(), html)}\n`);
  return 0;
}

/** `timeline`: run the selected releases interleaved, then show the series. */
export async function timeline(o) {
  needName(o);
  if (o.every && !EVERY.includes(o.every))
    throw new UsageError(`Invalid EVERY "${o.every}": valid values are ${EVERY.join(', ')}`);
  if (!o.versions?.trim()) throw new UsageError('Set VERSIONS to a range "22.0.0..24.21.0" or a list "24.9.0 24.21.0"');
  if (o.wpt || o['node-test']) {
    const found = await releasesFor(o.runtime, o.versions, o.every ?? 'patch');
    for (const s of found.skipped) process.stderr.write(`parity: skipped ${o.runtime}@${s.version}: ${s.reason}\n`);
    if (o['node-test']) return (await import('./bisect-node-test.js')).timelineNodeTest(o, found.versions);
    return (await import('./bisect-wpt.js')).timelineWpt(o, found.versions);
  }
  const opts = await planCheck(o, false);
  const found = await releasesFor(o.runtime, o.versions, o.every ?? 'patch');
  for (const s of found.skipped) process.stderr.write(`parity: skipped ${o.runtime}@${s.version}: ${s.reason}\n`);
  checkCap(o.runtime, found.versions.length);
  // The installer prunes after each install; the releases of this run must survive it.
  process.env.PARITY_CACHE_KEEP = releaseIds(o.runtime, found.versions).join(' ');
  const versions = installable(o.runtime, found.versions);
  if (versions.length < 2)
    throw new UsageError(
      `A timeline needs two releases or more; VERSIONS="${o.versions}" gives ${versions.join(', ') || 'none'} here`,
    );
  const out = o.out ?? resultsPath(new Date(), undefined, `-timeline-${o.runtime}`);
  const code = await run({ ...opts, runtimes: releaseIds(o.runtime, versions).join(' '), out });
  if (code !== 0) return code;
  return showTimeline(out, o);
}

/**
 * The releases that install here. One whose package is broken (its binary reports another
 * version, say: @deno/linux-x64-glibc@2.3.0 holds 2.4.0) is skipped with that reason rather than
 * ending the series: a timeline is a view over many releases, one bad package should not hide it.
 * @param {string} name
 * @param {string[]} versions
 */
function installable(name, versions) {
  return versions.filter((v) => {
    try {
      ensureRelease(name, v);
      return true;
    } catch (e) {
      process.stderr.write(`parity: skipped ${name}@${v}: ${/** @type {Error} */ (e).message}\n`);
      return false;
    }
  });
}

/** Figures of one release in a measured row: throughput and interval, as text. */
export function figureText(cell, unit) {
  const t = cell?.metrics?.throughput;
  if (!t) return cell?.statuses?.join('/') ?? 'not run';
  const f = (x) => (Number.isFinite(x) ? x.toPrecision(3) : '?');
  return `${f(t.median)} ${unit} [${f(t.ci95[0])}, ${f(t.ci95[1])}]`;
}

/** `bisect`: the release between GOOD and BAD where the figure changed. */
export async function bisect(o) {
  needName(o);
  if (!o.good || !o.bad) throw new UsageError('Set GOOD and BAD to two releases, e.g. GOOD=24.9.0 BAD=24.21.0');
  const opts = o.wpt || o['node-test'] ? o : await planCheck(o, true);
  const { versions, skipped } = await releasesFor(o.runtime, `${o.good}..${o.bad}`);
  for (const s of skipped) process.stderr.write(`parity: skipped ${o.runtime}@${s.version}: ${s.reason}\n`);
  if (o.wpt) return (await import('./bisect-wpt.js')).bisectWpt(o, versions);
  if (o['node-test']) return (await import('./bisect-node-test.js')).bisectNodeTest(o, versions);
  checkCap(o.runtime, Math.min(versions.length, 3));
  const dir = (o.out ?? resultsPath(new Date(), undefined, `-bisect-${o.runtime}`)).replace(/\.json$/, '');
  mkdirSync(dir, { recursive: true });
  // Each step starts at 5 paired rounds unless ROUNDS says otherwise: a step that cannot place its
  // middle release (equivalent to one end, significantly unlike the other) is run again with twice
  // the rounds, up to three runs, then the bisect stops as inconclusive rather than guess.
  const rounds = Number(opts.rounds ?? BISECT_ROUNDS);
  let k = 0;
  const rows = new Map();
  /** Rows measured so far per set of releases: a second attempt adds rounds to the first's. */
  const earlier = new Map();
  const measure = async (vs, attempt) => {
    const ids = releaseIds(o.runtime, vs);
    process.env.PARITY_CACHE_KEEP = ids.join(' ');
    const file = join(dir, `step-${++k}.json`);
    const before = attempt ? (earlier.get(ids.join(' ')) ?? []) : [];
    process.stderr.write(`parity: bisect step ${k}: ${vs.join(' | ')}${before.length ? ' (more rounds)' : ''}\n`);
    const code = await run({ ...opts, rounds: String(rounds), runtimes: ids.join(' '), out: file });
    if (code !== 0) throw new UsageError(`Bisect step ${k} was interrupted (exit ${code}); its results are in ${file}`);
    // Rounds of the second run are numbered after the first's: each is still one back-to-back set.
    const offset = Math.max(0, ...before.map((r) => r.round));
    const all = [...before, ...readResults(file).results.map((r) => ({ ...r, round: r.round + offset }))];
    earlier.set(ids.join(' '), all);
    const row = aggregate(all, ids, ids[0]).rows[0];
    rows.set(file, row);
    return {
      file,
      compare(a, b) {
        const [ca, cb] = [row.cells[`${o.runtime}@${a}`], row.cells[`${o.runtime}@${b}`]];
        if (!ca?.ok || !cb?.ok) {
          // A release where the workload fails differs from one where it runs; both failing do not.
          const differ = Boolean(ca?.ok) !== Boolean(cb?.ok);
          return { significant: differ, size: differ ? Number.POSITIVE_INFINITY : 0, verdict: 'not run' };
        }
        const r = /** @type {any} */ (cellRatio(ca, cb, METRICS.time_ns));
        return { ...r, size: Math.abs(Math.log(r.ratio)) };
      },
    };
  };
  const log = (s) => process.stderr.write(`${s}\n`);
  const result = await bisectSearch(versions, measure, { log });
  const row = rows.get(result.file);
  const cellOf = (v) => row?.cells[`${o.runtime}@${v}`];
  const unit = throughputUnit(row?.unit);
  const summary = {
    command: `make bisect RUNTIME=${o.runtime} GOOD=${o.good} BAD=${o.bad} SUITE=${o.suite} WORKLOAD=${o.workload ?? ''} PARAMS="${o.params ?? ''}"${o.quick ? ' QUICK=1' : ''}${o.rounds ? ` ROUNDS=${o.rounds}` : ''}`,
    runtime: o.runtime,
    good: o.good,
    bad: o.bad,
    row: row?.key,
    unit,
    releases: versions.length,
    // Each step records its own margin (steps[].margin); this is the rule they came from.
    margin_rule: { fraction: MARGIN_FRACTION, floor_log: MARGIN_FLOOR },
    ...result,
    file: result.file && relative(ROOT, result.file),
    steps: result.steps.map((s) => ({ ...s, file: s.file && relative(ROOT, s.file) })),
    figures: { before: figureText(cellOf(result.before), unit), after: figureText(cellOf(result.after), unit) },
    notes: result.status === 'found' ? NOTES_URL[o.runtime](result.after) : null,
    skipped,
    // The commit the search ran from, as every results file records it (a kept bisect is checked
    // against the history: test/kept-files.test.js).
    provenance: provenance(),
  };
  const lines = bisectLines(summary);
  process.stdout.write(`\n${lines.join('\n')}\n`);
  writeJsonAtomic(join(dir, 'bisect.json'), summary);
  process.stderr.write(`parity: bisect written to ${relative(process.cwd(), join(dir, 'bisect.json'))}\n`);
  return result.status === 'found' ? 0 : 1;
}
