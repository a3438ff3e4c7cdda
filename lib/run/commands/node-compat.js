// The Node-test commands of cli.js's one table: make node-compat (Node's own test files on
// runtimes, per node:* module), node-compat-table (the per-module table of a results file) and
// node-compat-groups (failures grouped by their first error line, to decide expectations from).

import { readFileSync } from 'node:fs';
import { DEFAULT_DIRS, discoverTests, nodeTestDir, prepareSuites } from '../../conformance/node-test/corpus.js';
import { loadNodeTestExpectations } from '../../conformance/node-test/expectations.js';
import { failureGroups, groupLines } from '../../conformance/node-test/groups.js';
import { DEFAULT_TIMEOUT_MS, nodeTestRows, runNodeTests, runnersFor } from '../../conformance/node-test/run.js';
import { readConformanceRows, writeConformanceResults } from '../../conformance/results.js';
import { displayPath, splitList } from '../../paths.js';
import { printable } from '../../report/model/printable.js';
import { nodeTestDocsReport, nodeTestReport } from '../../report/text/node-test.js';
import { provenance, runtimeInfo } from '../../results/file.js';
import { NODE_TEST_UNEXPECTED, REFERENCE } from '../../results/node-test.js';
import { probeRuntime } from '../../runtimes/drivers/index.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { positiveOption } from '../options.js';

/** A line with the temporary suite roots written as <root>, the same in every run. */
const unroot = (/** @type {string} */ s, /** @type {string[]} */ roots) =>
  roots.reduce((t, root) => t.split(root).join('<root>'), s);

/** The runtimes make node-compat runs when none are named: the tests' own Node beside the defaults. */
export const DEFAULT_NODE_COMPAT_RUNTIMES = 'node@25.8.1 node deno bun workerd';

/**
 * Print one finished file: unexpected results always, the rest with --verbose or every 100th; on
 * a terminal a counter line that the next file rewrites, so every file shows.
 */
function progressLine(values, roots, tty = Boolean(process.stdout.isTTY)) {
  return (r, done, total) => {
    const bad = NODE_TEST_UNEXPECTED.has(r.status);
    if (tty) process.stdout.write('\r\x1b[K');
    if (!bad && !values.verbose && done % 100 !== 0 && done !== total) {
      if (tty) process.stdout.write(`[${done}/${total}] ${r.runtime} ${printable(r.test.file)} ${r.rec.outcome}`);
      return;
    }
    const what = r.rec.first_error ?? r.rec.skip_reason ?? r.rec.na_reason ?? '';
    const line = `[${done}/${total}${r.pass === 'retry' ? ' retry' : ''}] ${r.status.toUpperCase()} ${r.runtime} ${r.test.file} (${r.rec.ms} ms)`;
    process.stdout.write(`${line}${bad && what ? `: ${printable(unroot(what, roots))}` : ''}\n`);
    if (bad && r.status !== 'unexpected-pass')
      process.stdout.write(`  Command: make node-compat RUNTIME=${r.runtime} FILES=${r.test.file}\n`);
  };
}

async function run(values) {
  const testDir = nodeTestDir(values['node-test-dir'] || undefined);
  const runtimeIds = splitList(values.runtimes || DEFAULT_NODE_COMPAT_RUNTIMES);
  const runtimes = runtimeIds.map((id) => resolveRuntime(id));
  for (const rt of runtimes) if (rt.missing) throw new Error(`Runtime "${rt.id}" is not installed: ${rt.missing}`);
  const tests = discoverTests({
    testDir,
    dirs: values.dirs ? splitList(values.dirs) : DEFAULT_DIRS,
    modules: splitList(values.modules ?? ''),
    globs: splitList(values.files ?? ''),
  });
  if (!tests.length) throw new Error(`No Node test file matches DIRS/MODULES/FILES under ${testDir}`);
  const concurrency = positiveOption('concurrency', values.concurrency, 2, { integer: true });
  const timeoutMs = 1000 * positiveOption('timeout', values.timeout, DEFAULT_TIMEOUT_MS / 1000);
  const runners = await runnersFor(runtimes);
  const unsupported = Object.fromEntries(
    [...runners].filter(([, r]) => r.unsupported).map(([id, r]) => [id, String(r.unsupported)]),
  );
  for (const [id, why] of Object.entries(unsupported)) console.log(`${id}: unsupported: ${why}`);
  const expectations = Object.fromEntries(runtimeIds.map((id) => [id, loadNodeTestExpectations(id)]));
  const started = new Date().toISOString();
  // The commit the run starts from: a commit made while it runs is not what ran.
  const atStart = provenance();
  const suites = prepareSuites(testDir, new Map([...runners].filter(([, r]) => !r.unsupported)));
  console.log(
    `Node tests from ${testDir} (copied to ${suites.roots.join(', ')}): ${tests.length} files × ${runtimes.length - Object.keys(unsupported).length} runtime(s), ${concurrency} at a time, ${timeoutMs / 1000} s each`,
  );
  let settled;
  try {
    settled = await runNodeTests({
      runtimes,
      runners,
      tests,
      suites,
      expectations,
      timeoutMs,
      concurrency,
      onFile: progressLine(values, suites.roots),
    });
  } finally {
    suites.remove();
  }
  const rows = nodeTestRows(settled.results).map((r) => ({
    ...r,
    detail: r.detail === null ? null : unroot(r.detail, suites.roots),
  }));
  let file = null;
  if (!values['no-write']) {
    file = writeConformanceResults({
      started,
      provenance: atStart,
      command: invocation(),
      runtimes: runtimes.map((rt) => runtimeInfo(rt, probeRuntime(rt))),
      conformance: rows,
      node_test: {
        dir: testDir,
        dirs: values.dirs ? splitList(values.dirs) : DEFAULT_DIRS,
        ...(values.modules ? { modules: splitList(values.modules) } : {}),
        ...(values.files ? { files: splitList(values.files) } : {}),
        timeout_ms: timeoutMs,
        concurrency,
        unsupported,
        flaky: settled.flaky,
      },
    });
  }
  console.log('');
  console.log(nodeTestReport(rows, { runtimes: runtimeIds, unsupported, reference: values.baseline || REFERENCE }));
  return summarize(rows, runtimeIds, expectations, settled, file);
}

/** The run's verdict lines; 1 when any result was unexpected. */
function summarize(rows, runtimeIds, expectations, settled, file) {
  console.log('');
  if (settled.retried)
    console.log(`retried once on every runtime: ${settled.retried} file(s) with an unexpected result`);
  for (const f of settled.flaky) console.log(`flaky: ${f.runtime} ${f.file} (${f.outcomes.join(' then ')})`);
  let failed = false;
  for (const id of runtimeIds) {
    const mine = rows.filter((r) => r.runtime === id);
    const n = (s) => mine.filter((r) => r.status === s).length;
    const unexpected = mine.filter((r) => NODE_TEST_UNEXPECTED.has(r.status));
    const skipExpected = mine.filter((r) => r.status === 'skip' && expectations[id]?.[r.file]).map((r) => r.file);
    if (!mine.length) continue;
    console.log(
      `${id}: ${n('pass')} passed, ${n('skip')} skipped, ${n('expected-fail')} expected failures, ${unexpected.length} unexpected (${n('unexpected-pass')} unexpected passes)${n('not-applicable') ? `, ${n('not-applicable')} not applicable` : ''}`,
    );
    for (const f of skipExpected) console.log(`  STALE expectation ${f}: the file skips here`);
    if (unexpected.length) failed = true;
  }
  if (file) console.log(`wrote ${displayPath(file)}`);
  return failed ? 1 : 0;
}

/** The node-test rows of results files (default: the newest per runtime in results/). */
function nodeTestRowsOf(positionals) {
  const { rows, files } = readConformanceRows(positionals);
  const mine = rows.filter((r) => r.source === 'node-test');
  if (!mine.length) throw new Error('No node-test rows found in results/; run make node-compat first');
  return { rows: mine, files };
}

function table(values, positionals) {
  const { rows, files } = nodeTestRowsOf(positionals);
  const docs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  console.log(`from ${files.map(displayPath).join(', ')}`);
  console.log(nodeTestDocsReport(docs, rows, values.baseline || REFERENCE));
  return 0;
}

function groups(values, positionals) {
  const { rows, files } = nodeTestRowsOf(positionals);
  console.log(`from ${files.map(displayPath).join(', ')}`);
  const g = failureGroups(rows, { runtime: values.runtimes || undefined, all: values.verbose });
  console.log(groupLines(g).map(printable).join('\n') || 'no failures without an expectation');
  const open = g.filter((x) => x.labelled < x.files.length);
  console.log(
    `${open.length} group(s) of ${open.reduce((s, x) => s + x.files.length - x.labelled, 0)} file(s) without an expectation`,
  );
  return 0;
}

const RESULTS = 'results files (default: the newest conformance rows in results/)';

/** @type {Record<string, import('../options.js').Command>} */
export const NODE_COMPAT_COMMANDS = {
  'node-compat': {
    summary: "run Node's own test files on the runtimes, per node:* module; exit 1 on an unexpected result",
    options: [
      'runtimes',
      'node-test-dir',
      'dirs',
      'modules',
      'files',
      'concurrency',
      'timeout',
      'baseline',
      'verbose',
      'no-write',
    ],
    run,
  },
  'node-compat-table': {
    summary: "the per-module table of Node's test files from conformance results files",
    options: ['baseline'],
    files: [0, Number.POSITIVE_INFINITY, RESULTS],
    run: table,
  },
  'node-compat-groups': {
    summary: 'failures of Node test files grouped by their first error line (--verbose: expected ones too)',
    options: ['runtimes', 'verbose'],
    files: [0, Number.POSITIVE_INFINITY, RESULTS],
    run: groups,
  },
};
