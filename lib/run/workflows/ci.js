// One CI leg (make ci-leg) and the merge of all legs (make ci-merge). A leg is one machine of the
// OS × arch matrix: every runtime available there runs interleaved in one run, then an A/A run of
// the first gives that machine's noise floor. The workflow only calls make, so all of this runs
// and is tested here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROOT, splitList, UsageError } from '../../paths.js';
import { mergeLegs } from '../../report/across/merge.js';
import { analysesOf } from '../../report/analyses/index.js';
import { toBmf } from '../../report/export/bmf.js';
import { renderHtml } from '../../report/html/page.js';
import { printFormat, printTable } from '../../report/text/print.js';
import { readResults } from '../../results/file.js';
import { loadLegs, readLeg } from '../../results/legs.js';
import { identifyFile, nativeProblem } from '../../runtimes/binfmt.js';
import { HOST, hostKey } from '../../runtimes/host.js';
import { loadRegistry, resolveRuntime } from '../../runtimes/registry.js';
import { run } from '../loop/loop.js';

/** Every pinned runtime a leg tries, in this order (the first is the baseline and the A/A runtime): runners/runtimes.json `ci_legs`. */
export const LEG_RUNTIMES = loadRegistry().legs;

/**
 * Split runtime ids into those this machine runs and those it does not, with the reason. A
 * runtime without a build for the platform is only listed; one with a build whose binary is not
 * native here (missing, a shim, emulated) is a broken setup and fails the leg after the run.
 * @param {string[]} ids
 * @param {(id: string) => import('../../runtimes/registry.js').Runtime} [resolveId]
 */
export function splitRuntimes(ids, resolveId = (id) => resolveRuntime(id, loadRegistry())) {
  /** @type {string[]} */
  const available = [];
  /** @type {{id: string, reason: string}[]} */
  const unavailable = [];
  /** @type {{id: string, reason: string}[]} */
  const broken = [];
  for (const id of ids) {
    const rt = resolveId(id);
    if (rt.unavailable) {
      unavailable.push({ id, reason: rt.unavailable });
      continue;
    }
    const why = rt.missing ?? nativeProblem(identifyFile(rt.bin));
    if (why) broken.push({ id, reason: `${rt.bin}: ${why}` });
    else available.push(id);
  }
  return { available, unavailable, broken };
}

/**
 * make ci-leg: the interleaved run, its A/A twin, BMF and HTML beside them, and leg.json, which
 * names them all for the merge. Returns the exit code: 1 when a run failed or a runtime that has
 * a build here could not run (the artifact is still written).
 * @param {any} o CLI options (runtimes, suite, workload, params, quick, rounds, out)
 */
export async function ciLeg(o) {
  const started = new Date();
  const leg = hostKey(HOST);
  const dir = resolve(o.out ?? join(ROOT, 'results', 'ci', leg));
  mkdirSync(dir, { recursive: true });
  const ids = o.runtimes ? splitList(o.runtimes) : LEG_RUNTIMES;
  const { available, unavailable, broken } = splitRuntimes(ids);
  for (const u of unavailable) process.stdout.write(`ci-leg: ${u.id} is unavailable on ${leg}: ${u.reason}\n`);
  for (const b of broken) process.stderr.write(`ci-leg: ${b.id} cannot run on ${leg}: ${b.reason}\n`);
  if (!available.length) throw new UsageError(`No runtime of "${ids.join(' ')}" can run on ${leg}`);
  const same = { suite: o.suite, workload: o.workload, params: o.params, quick: o.quick, rounds: o.rounds };
  const results = join(dir, 'results.json');
  const aa = join(dir, 'aa.json');
  const runCode = await run({ ...same, runtimes: available.join(' '), out: results });
  const aaCode = await run({ ...same, aa: true, runtimes: available[0], out: aa });
  const doc = readResults(results);
  writeFileSync(join(dir, 'bmf.json'), `${JSON.stringify(toBmf(doc), null, 1)}\n`);
  writeFileSync(join(dir, 'report.html'), renderHtml(doc, { analyses: await analysesOf(doc) }));
  const meta = {
    schema: 'parity.ci-leg/1',
    leg,
    runner: process.env.PARITY_RUNNER ?? null,
    runtimes: available,
    unavailable,
    broken,
    files: { results: 'results.json', aa: 'aa.json', bmf: 'bmf.json', report: 'report.html' },
    started: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
  };
  writeFileSync(join(dir, 'leg.json'), `${JSON.stringify(meta, null, 2)}\n`);
  process.stdout.write(
    `ci-leg: ${leg}: ${available.length} runtime(s) interleaved, artifact in ${relative(process.cwd(), dir) || '.'}\n`,
  );
  return runCode || aaCode || (broken.length ? 1 : 0);
}

/**
 * make ci-merge: one table from every leg's artifact folder, written as markdown to `out` too
 * (the workflow appends it to the job summary).
 * @param {{markdown?: boolean, out?: string, baseline?: string}} o
 * @param {string[]} dirs
 */
export function ciMerge(o, dirs) {
  const legs = dirs.map(readLeg);
  const table = mergeLegs(legs, { expected: loadLegs().map((l) => l.leg), baseline: o.baseline });
  const text = printTable(table, { format: printFormat(o) });
  if (o.out) writeFileSync(o.out, `${printTable(table, { format: 'markdown' })}\n`);
  process.stdout.write(`${text}\n`);
  return 0;
}

/** The CI commands of the one command table (lib/run/cli.js spreads them into COMMANDS). */
/** @type {Record<string, import('../options.js').Command>} */
export const CI_COMMANDS = {
  'ci-leg': {
    summary: 'one CI leg: every runtime available here interleaved, an A/A run, BMF and HTML, leg.json (--out: folder)',
    options: ['runtimes', 'suite', 'workload', 'params', 'quick', 'rounds', 'out'],
    run: (o) => ciLeg(o),
  },
  'ci-merge': {
    summary: "the CI legs side by side from their artifact folders: ratios within each leg, each leg's A/A floor",
    options: ['markdown', 'out', 'baseline'],
    files: [1, Number.POSITIVE_INFINITY, 'ci-merge needs leg folders written by make ci-leg, e.g. legs/*/'],
    run: (o, dirs) => ciMerge(o, dirs),
  },
};
