// The WPT commands of cli.js's one table (make wpt, wpt-fetch, wpt-diff, wpt-update,
// conformance-table): run testharness.js files on runtimes, compare and table the rows, rewrite
// expectations from a run, fetch WPT at the pinned commit.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  effectiveExpectations,
  globToRegExp,
  loadExpectations,
  updateExpectations,
  writeExpectations,
} from '../../conformance/expectations.js';
import { readConformanceRows, writeConformanceResults } from '../../conformance/results.js';
import { findHarness, runWpt, UNEXPECTED, wptLocation } from '../../conformance/wpt.js';
import { discover, NA_KINDS } from '../../conformance/wpt-discover.js';
import { fetchCommand } from '../../conformance/wpt-fetch.js';
import { expandDirs, interfaceOf, loadPin, pinnedCommit, SETS } from '../../conformance/wpt-pin.js';
import { WPTSERVE_VERSION, wptserveDir } from '../../conformance/wptserve.js';
import { displayPath, ROOT, splitList, UsageError } from '../../paths.js';
import { crossRuntimeDiff } from '../../report/model/conformance.js';
import { printable } from '../../report/model/printable.js';
import { conformanceReport, formatDiff } from '../../report/text/conformance.js';
import { provenance, runtimeInfo } from '../../results/file.js';
import { passCounts } from '../../results/status.js';
import { probeRuntime } from '../../runtimes/drivers/index.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { DEFAULT_RUNTIMES, DEFAULT_WPT_DIRS, positiveOption } from '../options.js';

const PIN = loadPin();

function wptDir(given) {
  const { dir, exists } = wptLocation(given || undefined);
  if (!exists) {
    throw new Error(`No WPT checkout at ${dir}: run make wpt-fetch, or set WPT_DIR to a web-platform-tests checkout`);
  }
  return dir;
}

/** The WPT commit of each folder: versions.json (Node's fixture layout, and make wpt-fetch's) or git HEAD. */
function wptCommits(dir, dirs) {
  const keys = [...dirs, 'resources'];
  const versions = join(dir, 'versions.json');
  if (existsSync(versions)) {
    const v = JSON.parse(readFileSync(versions, 'utf8'));
    const paths = Object.fromEntries(Object.values(v).map((e) => [e.path, e.commit]));
    return Object.fromEntries(keys.map((d) => [d, pinnedCommit(d, { ...PIN, paths }) ?? 'unknown']));
  }
  try {
    const head = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return Object.fromEntries(keys.map((d) => [d, head]));
  } catch {
    return Object.fromEntries(keys.map((d) => [d, 'unknown']));
  }
}

/**
 * The date (YYYY-MM-DD) of each commit the run names: the copy's versions.json (make wpt-fetch
 * writes it), else git where the copy is a repository holding the commit. Node's versions.json
 * names commits only, so its copy gives none: those commits are left out.
 * @param {string} dir
 * @param {Record<string, string>} commits  folder → commit
 * @returns {Record<string, string>} commit → date
 */
function wptCommitDates(dir, commits) {
  const versions = join(dir, 'versions.json');
  const recorded = existsSync(versions)
    ? Object.fromEntries(
        Object.values(JSON.parse(readFileSync(versions, 'utf8')))
          .filter((e) => e.date)
          .map((e) => [e.commit, e.date]),
      )
    : {};
  /** @type {Record<string, string>} */
  const dates = {};
  for (const c of new Set(Object.values(commits))) {
    if (c === 'unknown') continue;
    if (recorded[c]) dates[c] = recorded[c];
    else {
      try {
        dates[c] = execFileSync('git', ['-C', dir, 'show', '-s', '--format=%cs', c], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
      } catch {}
    }
  }
  return Object.fromEntries(Object.entries(dates).filter(([, d]) => /^\d{4}-\d{2}-\d{2}$/.test(d)));
}

/** The per-interface table, checks and legend, grouped by conformance/wpt.json. */
const conformanceText = (rows, options = {}) =>
  conformanceReport(rows, {
    ...options,
    classify: (row) => interfaceOf(row.file ?? row.name, PIN),
    order: PIN.interfaces.map((i) => i.name),
    // Rows for the interfaces the rows answer for, and for those no WPT directory tests.
    interfaces:
      options.interfaces ??
      PIN.interfaces.filter((i) => (i.dirs.length ? rows.some((r) => r.interface === i.name) : i.ecma429 !== false)),
  });

/**
 * What a wpt run covers: the WPT copy, the directories asked for (a set runs what the copy holds
 * and names what it lacks), the interfaces it answers for, the runtimes with their expectations,
 * and the test files found (narrowed to the positionals' globs when given).
 * @param {any} values @param {string[]} positionals
 */
function planWpt(values, positionals) {
  const root = wptDir(values['wpt-dir']);
  const runtimeIds = splitList(values.runtimes || DEFAULT_RUNTIMES);
  const asked = splitList(values.dirs ?? DEFAULT_WPT_DIRS);
  let dirs = expandDirs(asked, PIN);
  // The interfaces this run answers for: those with a directory asked for, and with a named set
  // (all, ecma-429) also those no directory tests, so their rows say there is no WPT for them.
  const aSet = asked.some((d) => Object.hasOwn(SETS, d));
  const interfaces = PIN.interfaces.filter((i) =>
    i.dirs.length ? i.dirs.some((d) => dirs.includes(d)) : aSet && i.ecma429 !== false,
  );
  // A set (all, ecma-429) runs what the copy holds and says what it lacks; a named directory must exist.
  const absent = aSet ? dirs.filter((d) => !existsSync(join(root, d))) : [];
  if (absent.length) {
    console.log(
      `not in ${root}, not run: ${absent.join(', ')} (make wpt-fetch fetches every directory of conformance/wpt.json)`,
    );
    dirs = dirs.filter((d) => !absent.includes(d));
  }
  const runtimes = runtimeIds.map((id) => resolveRuntime(id));
  for (const rt of runtimes) if (rt.missing) throw new Error(`Runtime "${rt.id}" is not installed: ${rt.missing}`);
  const found = discover(
    root,
    positionals.length ? positionals.map((p) => p.replace(/[*?].*$/, '').replace(/\/[^/]*$/, '') || p) : dirs,
    PIN.not_applicable,
    { server: wptserveDir() !== null },
  );
  let { tests, notApplicable } = found;
  if (positionals.length) {
    const res = positionals.map(globToRegExp);
    const hit = (f) => res.some((re) => re.test(f)) || positionals.includes(f);
    tests = tests.filter((t) => hit(t.file) || hit(t.id));
    notApplicable = notApplicable.filter((t) => hit(t.file));
    if (tests.length === 0) throw new Error(`No runnable WPT test matches ${positionals.join(' ')} under ${root}`);
  }
  const expectations = Object.fromEntries(runtimeIds.map((id) => [id, effectiveExpectations(id)]));
  return { root, runtimeIds, dirs, absent, interfaces, runtimes, expectations, tests, notApplicable };
}

/**
 * The progress line of one file on one runtime: quiet when all went as expected (unless verbose),
 * else each unexpected result, unexpected pass and stale expectation, and the file's repro line.
 * @param {{root: string, total: number, verbose: boolean}} o
 */
function fileReporter({ root, total, verbose }) {
  let done = 0;
  const repro = (rtId, file) =>
    `Command: ${displayPath(process.execPath)} lib/run/cli.js wpt --runtimes ${rtId} --wpt-dir ${root} ${file}`;
  return (r) => {
    done++;
    const bad = r.rows.filter((x) => UNEXPECTED.has(x.status));
    const xpass = r.rows.filter((x) => x.status === 'unexpected-pass');
    if (!bad.length && !xpass.length && !r.stale.length) {
      if (verbose)
        console.log(`[${done}/${total}] ok ${r.runtime} ${r.test.id}${r.skipped ? ` (skipped: ${r.skipped})` : ''}`);
      return;
    }
    console.log(`[${done}/${total}] ${r.runtime} ${printable(r.test.id)} (${r.ms} ms)`);
    for (const x of bad)
      console.log(`  ${x.status.toUpperCase()} ${printable(x.subtest)}${x.detail ? `: ${printable(x.detail)}` : ''}`);
    for (const x of xpass)
      console.log(
        `  UNEXPECTED PASS ${printable(x.subtest)} (remove it from conformance/expectations/${r.runtime}.json)`,
      );
    for (const n of r.stale) console.log(`  STALE expectation ${JSON.stringify(n)}: subtest not reported by this run`);
    if (bad.length) console.log(`  ${repro(r.runtime, r.test.id)}`);
  };
}

/**
 * The lines after the table: files run and not applicable by kind, files skipped by expectations,
 * then per runtime its counts. Returns whether the run failed (an unexpected result, or a draft
 * expectation still of kind "todo").
 * @param {any[]} rows @param {string[]} runtimeIds @param {any[]} tests @param {any[]} notApplicable @param {any[]} skipped
 */
function summaryLines(rows, runtimeIds, tests, notApplicable, skipped) {
  const naByKind = {};
  for (const n of notApplicable) naByKind[n.kind] = (naByKind[n.kind] ?? 0) + 1;
  const na = Object.entries(naByKind).map(([k, v]) => `${v} ${NA_KINDS[k] ?? k}`);
  console.log(
    `files: ${tests.length} run; not applicable ${notApplicable.length} (${na.join('; ') || 'none'}; each file and its reason in the results file's wpt.files.not_applicable)`,
  );
  for (const id of runtimeIds) {
    const s = skipped.filter((x) => x.runtime === id);
    if (s.length) console.log(`skipped by ${id} expectations: ${s.map((x) => `${x.file} (${x.reason})`).join('; ')}`);
  }
  if (runtimeIds.length > 1) console.log(`\n${formatDiff(crossRuntimeDiff(rows))}`);
  let failed = false;
  for (const id of runtimeIds) {
    const c = passCounts(rows, id);
    const xpass = rows.filter((r) => r.runtime === id && r.status === 'unexpected-pass').length;
    console.log(
      `${id}: ${c.passed}/${c.total} subtests passed, ${c.expectedFail} expected failures, ${c.unexpected} unexpected failures, ${xpass} unexpected passes${c.fileErrors ? `, ${c.fileErrors} file-level errors` : ''}`,
    );
    if (c.unexpected) failed = true;
    const todo = rows.filter((r) => r.runtime === id && r.kind === 'todo').length;
    if (todo) {
      console.log(
        `${id}: ${todo} expected failures are drafts (kind "todo" in conformance/expectations/${id}.json): read them, then give each entry its kind and reason`,
      );
      failed = true;
    }
  }
  return failed;
}

async function run(values, positionals) {
  // Options first: a bad value is named before anything is looked for.
  const concurrency = positiveOption('concurrency', values.concurrency, 2, { integer: true });
  const multiplier = positiveOption('timeout-multiplier', values['timeout-multiplier'], 1);
  const plan = planWpt(values, positionals);
  const { root, runtimeIds, dirs, absent, interfaces, runtimes, tests, notApplicable } = plan;
  const started = new Date().toISOString();
  // The commit the run starts from: a commit made while it runs is not what ran.
  const atStart = provenance();
  const commits = wptCommits(root, dirs);
  const commitDates = wptCommitDates(root, commits);
  const at = Object.entries(commits).map(
    ([d, c]) => `${d}@${c.slice(0, 12)}${commitDates[c] ? ` (${commitDates[c]})` : ''}`,
  );
  console.log(`WPT ${dirs.join(' ')} at ${at.join(' ')}  (WPT_DIR=${root})`);
  console.log(
    `harness ${displayPath(findHarness(root))}; ${tests.length} test files × ${runtimes.length} runtime(s), concurrency ${concurrency}`,
  );
  const served = tests.filter((t) => t.server).length;
  if (served) console.log(`wptserve ${WPTSERVE_VERSION} on 127.0.0.1 for the ${served} file(s) that need WPT's server`);
  else if (!wptserveDir())
    console.log(`wptserve not installed (make setup-wpt): files that need WPT's server are listed as not applicable`);
  const total = tests.length * runtimes.length;
  const onFile = fileReporter({ root, total, verbose: Boolean(values.verbose) });
  const { expectations } = plan;
  const results = await runWpt({ runtimes, wptRoot: root, tests, expectations, concurrency, multiplier, onFile });
  const rows = results.flatMap((r) => r.rows);
  const skipped = results
    .filter((r) => r.skipped)
    .map((r) => ({ runtime: r.runtime, file: r.test.id, folder: r.test.folder, reason: r.skipped }));
  const wpt = {
    dir: root,
    commits,
    // Each commit's date where the copy gives it (commit → YYYY-MM-DD).
    commit_dates: commitDates,
    // The interface map the table groups by, so a results file prints the same in any checkout.
    interfaces,
    ...(absent.length ? { absent } : {}),
    harness: displayPath(findHarness(root)),
    files: { run: tests.map((t) => t.id), skipped, not_applicable: notApplicable },
  };
  const info = runtimes.map((rt) => runtimeInfo(rt, probeRuntime(rt)));
  const file = values['no-write']
    ? null
    : writeConformanceResults({
        started,
        provenance: atStart,
        command: invocation(),
        runtimes: info,
        conformance: rows,
        wpt,
      });
  console.log('');
  console.log(
    conformanceText(rows, { runtimes: runtimeIds, markdown: values.markdown, interfaces, commits, commitDates }),
  );
  const failed = summaryLines(rows, runtimeIds, tests, notApplicable, skipped);
  if (file) console.log(`wrote ${displayPath(file)}`);
  return failed ? 1 : 0;
}

function diff(values, positionals) {
  const { rows, files } = readConformanceRows(positionals);
  const res = splitList(values.files).map(globToRegExp);
  const match = (r) => !res.length || res.some((re) => re.test(r.file ?? r.name) || re.test(r.name));
  console.log(`from ${files.map(displayPath).join(', ')}`);
  console.log(formatDiff(crossRuntimeDiff(rows, { match })));
  return 0;
}

function table(values, positionals) {
  const { rows, files } = readConformanceRows(positionals);
  if (!rows.length) throw new Error('No conformance rows found in results/; run make wpt or make checks first');
  console.log(`from ${files.map(displayPath).join(', ')}`);
  console.log(conformanceText(rows, { markdown: values.markdown }));
  return 0;
}

function update(values, positionals) {
  const id = values.runtimes;
  if (!id || splitList(id).length !== 1)
    throw new UsageError(`wpt-update needs exactly one --runtimes id, got ${JSON.stringify(id ?? '')}`);
  const { rows, files } = readConformanceRows(positionals);
  const mine = rows.filter((r) => r.runtime === id);
  if (!mine.length)
    throw new Error(
      `No conformance rows for runtime "${id}" in ${files.map(displayPath).join(', ') || 'results/'}; run make wpt RUNTIME=${id} first`,
    );
  const before = loadExpectations(id);
  const after = updateExpectations(before, mine, new Date().toISOString().slice(0, 10));
  const file = writeExpectations(id, after);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of [...keys].sort()) {
    if (k.startsWith('$')) continue; // $comment and the like are not expectations
    const a = JSON.stringify(before[k]);
    const b = JSON.stringify(after[k]);
    if (a === b) continue;
    if (!before[k]) console.log(`+ ${k}: ${after[k].fail.expected.length} expected failure(s)`);
    else if (!after[k]) console.log(`- ${k}: now passes`);
    else
      console.log(
        `~ ${k}: ${before[k].fail?.expected?.length ?? 0} → ${after[k].fail?.expected?.length ?? 0} expected failure(s)`,
      );
  }
  console.log(`wrote ${displayPath(file)} from ${files.map(displayPath).join(', ')}`);
  return 0;
}

async function fetchWpt(values) {
  const dest = resolve(values.dest || join(ROOT, PIN.dest));
  return fetchCommand(PIN, dest, values.repo || PIN.repo, displayPath);
}

const RESULTS = 'results files (default: the newest conformance rows in results/)';

/** @type {Record<string, import('../options.js').Command>} */
export const WPT_COMMANDS = {
  wpt: {
    summary: 'run WPT testharness.js files on the runtimes against their expectations; exit 1 on an unexpected failure',
    options: ['runtimes', 'wpt-dir', 'dirs', 'concurrency', 'timeout-multiplier', 'markdown', 'verbose', 'no-write'],
    files: [0, Number.POSITIVE_INFINITY, 'wpt takes WPT paths or globs relative to the WPT root'],
    run,
  },
  'wpt-fetch': {
    summary: 'every WPT path of conformance/wpt.json at its pinned commit, with versions.json',
    options: ['dest', 'repo'],
    run: fetchWpt,
  },
  'wpt-diff': {
    summary: 'where each subtest fails across runtimes, from conformance results files',
    options: ['files'],
    files: [0, Number.POSITIVE_INFINITY, RESULTS],
    run: diff,
  },
  'wpt-update': {
    summary: 'rewrite conformance/expectations/<id>.json from the newest run of one runtime (--runtimes id)',
    options: ['runtimes'],
    files: [0, Number.POSITIVE_INFINITY, RESULTS],
    run: update,
  },
  'conformance-table': {
    summary: 'the newest WPT and check rows per runtime, side by side',
    options: ['markdown'],
    files: [0, Number.POSITIVE_INFINITY, RESULTS],
    run: table,
  },
};
