// make timeline/bisect … NODE_TEST=<file>: one of Node's test files across releases of a runtime,
// as WPT=<file> does for a WPT file. Each release runs the file once (an outcome does not vary from
// run to run the way a timing does, and a flaky file shows as a change that does not bisect
// cleanly), from one copy of Node's test tree made for the whole search.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { nodeTestDir, prepareSuite } from '../../conformance/node-test/corpus.js';
import { runnersFor, runOneFile } from '../../conformance/node-test/run.js';
import { UsageError } from '../../paths.js';
import { nodeTestBisectLines, outcomeWord as said } from '../../report/across/timeline.js';
import { provenance, resultsPath, writeJsonAtomic } from '../../results/file.js';
import { bisectSearch } from '../../runtimes/bisect.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { resolveRuntime } from '../../runtimes/registry.js';
import { releaseIds } from '../../runtimes/releases.js';

/**
 * The file's outcome on one release: runs it (through the kind's node-test.json) and returns
 * the outcome record.
 * @param {Record<string, any>} o
 */
function nodeTestRunner(o) {
  const dir = nodeTestDir(o['node-test-dir'] || undefined);
  const file = String(o['node-test']).replace(/^test\//, '');
  if (!existsSync(join(dir, file)))
    throw new UsageError(
      `NODE_TEST="${o['node-test']}" is not a file under ${dir} (give a path such as parallel/test-fs-cp.js)`,
    );
  const source = readFileSync(join(dir, file), 'utf8');
  /** @type {ReturnType<typeof prepareSuite> | null} */
  let suite = null;
  return async (v) => {
    const [id] = releaseIds(o.runtime, [v]);
    const rt = resolveRuntime(id);
    const runners = await runnersFor([rt]);
    const runner = runners.get(id);
    if (!runner || runner.unsupported) throw new UsageError(`${id} cannot run Node test files: ${runner?.unsupported}`);
    // One copy for the whole search: every release is of one kind, so of one package.json.
    if (!suite) {
      suite = prepareSuite(dir, runner.spec?.package_json ?? null);
      process.on('exit', suite.remove);
    }
    const timeoutMs = 1000 * Number(o.timeout ?? 10);
    const rec = await runOneFile({ rt, runner, suite, file, source, timeoutMs, serial: 0 });
    process.stderr.write(`parity: ${id}: ${rec.outcome}${rec.first_error ? `: ${rec.first_error}` : ''}\n`);
    return rec;
  };
}

/**
 * Bisect a Node test file's outcome over `versions` of `o.runtime`.
 * @param {Record<string, any>} o
 * @param {string[]} versions
 * @param {{runFile?: (version: string) => Promise<any>}} [inject]  tests pass outcomes
 */
export async function bisectNodeTest(o, versions, inject = {}) {
  const runFile = inject.runFile ?? nodeTestRunner(o);
  /** @type {Map<string, any>} */
  const recs = new Map();
  const measure = async (vs) => {
    for (const v of vs) if (!recs.has(v)) recs.set(v, await runFile(v));
    return {
      compare(a, b) {
        const differs = said(recs.get(a)) !== said(recs.get(b));
        return { significant: differs, size: differs ? 1 : 0, verdict: differs ? 'outcome differs' : 'same outcome' };
      },
    };
  };
  const result = await bisectSearch(versions, measure, { log: (s) => process.stderr.write(`${s}\n`) });
  const runs = Object.fromEntries([...recs].map(([v, r]) => [v, r]));
  const summary = { runtime: o.runtime, node_test: o['node-test'], releases: versions.length, ...result, runs };
  process.stdout.write(`${nodeTestBisectLines(summary).join('\n')}\n`);
  if (!inject.runFile) {
    const out = o.out ?? resultsPath(new Date(), undefined, `-bisect-node-test-${o.runtime}`);
    writeJsonAtomic(out, { command: invocation(), ...summary, provenance: provenance() });
    process.stderr.write(`parity: bisect written to ${relative(process.cwd(), out)}\n`);
  }
  return result.status === 'found' ? 0 : 1;
}

/**
 * make timeline … NODE_TEST=<file>: the file's outcome on every release of the range.
 * @param {Record<string, any>} o
 * @param {string[]} versions
 * @param {{runFile?: (version: string) => Promise<any>}} [inject]
 */
export async function timelineNodeTest(o, versions, inject = {}) {
  const runFile = inject.runFile ?? nodeTestRunner(o);
  const series = [];
  for (const v of versions) {
    const r = await runFile(v);
    series.push({
      version: v,
      outcome: said(r),
      first_error: r?.first_error ?? null,
      skip_reason: r?.skip_reason ?? null,
    });
  }
  const w = Math.max(...series.map((p) => p.version.length));
  const lines = [`timeline ${o.runtime}, Node test ${o['node-test']}: ${series.length} releases`];
  series.forEach((p, i) => {
    const changed = i > 0 && p.outcome !== series[i - 1].outcome ? '  (changed)' : '';
    lines.push(`  ${p.version.padEnd(w)}  ${p.outcome}${changed}${p.first_error ? `: ${p.first_error}` : ''}`);
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!inject.runFile) {
    const out = o.out ?? resultsPath(new Date(), undefined, `-timeline-node-test-${o.runtime}`);
    writeJsonAtomic(out, {
      command: invocation(),
      runtime: o.runtime,
      node_test: o['node-test'],
      series,
      provenance: provenance(),
    });
    process.stderr.write(`parity: timeline written to ${relative(process.cwd(), out)}\n`);
  }
  return 0;
}
