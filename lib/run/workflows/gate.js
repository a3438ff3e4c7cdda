// make gate: the pull-request gate as one interleaved run. Each runtime of this tree (the head)
// runs beside its twin from a base checkout (`<id>/base`: the base's binary, runners and
// workloads) in the same rounds, plus an A/A twin of the first runtime for the noise floor; the
// gate then fails on a significant slowdown of head against base beyond the threshold and that
// floor (lib/results/gate.js gatePaired). The two trees run in the same rounds because two
// sittings one after the other would let the machine's drift between them read as a regression.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { microarchBanner, microarchWarnings } from '../../measure/cpu-id.js';
import { ROOT, splitList, UsageError } from '../../paths.js';
import { pairedGate } from '../../report/across/gate.js';
import { printFormat, printTable } from '../../report/text/print.js';
import { floorByRow } from '../../results/aa.js';
import { readResults, writeJsonAtomic } from '../../results/file.js';
import { gatePaired } from '../../results/gate.js';
import { HOST, hostKey } from '../../runtimes/host.js';
import { aaId, loadRegistry, resolveRuntime } from '../../runtimes/registry.js';
import { run } from '../loop/loop.js';
import { parseParamFilter } from '../plan/plan.js';
import { runRequest } from '../plan/request.js';
import { baseRuntimes, openBase, pairWithBase } from './base-tree.js';
import { LEG_RUNTIMES, splitRuntimes } from './ci.js';

/** The gate's threshold when none is given: bench.yml's, a slowdown of 10% (docs/ci.md). */
export const DEFAULT_THRESHOLD = 10;

const say = (line) => process.stdout.write(`gate: ${line}\n`);

/** A percentage option of 0 or more. */
function thresholdOf(value) {
  if (value === undefined || value === '') return DEFAULT_THRESHOLD;
  const t = Number(value);
  if (!Number.isFinite(t) || t < 0) {
    throw new UsageError(`Invalid --threshold "${value}": expected a percentage of 0 or more, e.g. 10`);
  }
  return t;
}

/**
 * The A/A floor of each row from the run's own twin (`<first>/aa` against `<first>`).
 * @param {any} doc
 * @param {string} first
 */
function twinFloor(doc, first) {
  const ids = [first, aaId(first)];
  const keep = (/** @type {any[]} */ list, /** @type {(x: any) => string} */ id) =>
    list.filter((x) => ids.includes(id(x)));
  const aa = { ...doc, runtimes: keep(doc.runtimes, (r) => r.id), results: keep(doc.results, (r) => r.runtime) };
  return aa.results.some((r) => r.status === 'ok') ? floorByRow(aa) : undefined;
}

/**
 * make gate: returns 0 when nothing regressed (or there is nothing to gate against), 1 on a
 * regression, a row broken on the head, a failed run or a runtime that cannot run here.
 * @param {any} o CLI options
 */
export async function gate(o) {
  const threshold = thresholdOf(o.threshold);
  const base = await openBase(o.base);
  if (base.tooOld) {
    // In a GitHub Actions step, also a notice on the run's page: the gate passed without comparing.
    const notice = process.env.GITHUB_ACTIONS === 'true' ? '::notice::' : '';
    say(`${notice}the base ${base.shown} cannot be driven by this tree: ${base.tooOld}. Nothing to gate against`);
    return 0;
  }
  const ids = o.runtimes ? splitList(o.runtimes) : LEG_RUNTIMES;
  const { available, unavailable, broken } = splitRuntimes(ids);
  for (const u of unavailable) say(`${u.id} is unavailable on ${hostKey(HOST)}: ${u.reason}`);
  for (const b of broken) process.stderr.write(`gate: ${b.id} cannot run here: ${b.reason}\n`);
  const registry = loadRegistry();
  const { pairs, unpaired } = baseRuntimes(
    base,
    available.map((id) => resolveRuntime(id, registry)),
  );
  for (const u of unpaired)
    (u.broken ? process.stderr : process.stdout).write(`gate: ${u.id} is not compared: ${u.reason}\n`);
  if (!pairs.length) throw new UsageError(`No runtime of "${ids.join(' ')}" can run on both trees here`);

  const request = await runRequest({ ...o, runtimes: pairs.map((p) => p.head.id).join(' ') });
  const paired = await pairWithBase(request, base, {
    pairs,
    quick: Boolean(o.quick),
    paramFilter: parseParamFilter(o.params),
    only: splitList(o.workload),
    twin: !o.floor,
  });
  for (const k of paired.onlyHead) say(`only on the head (new; reported, not gated): ${k}`);
  for (const k of paired.onlyBase) say(`only on the base (removed; reported, not gated): ${k}`);
  for (const b of paired.broken) process.stderr.write(`gate: does not load on the head: ${b}\n`);
  if (!paired.request.rows.length) {
    say('the two trees have no row in common: nothing to gate against');
    return paired.broken.length ? 1 : 0;
  }

  const dir = resolve(o.out ?? join(ROOT, 'results', 'gate'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'results.json');
  const runCode = await run({ ...o, out: file, request: paired.request });
  const doc = readResults(file);
  // A tree's commit (+ when it has uncommitted changes), when it is a git checkout.
  const commit = (p) => (p?.commit ? ` ${p.commit.slice(0, 12)}${p.dirty ? '+' : ''}` : '');
  doc.options.gate = {
    base: { dir: base.root, provenance: base.provenance },
    threshold,
    only_head: paired.onlyHead,
    only_base: paired.onlyBase,
    broken_head: paired.broken,
    not_compared: unpaired,
  };
  writeJsonAtomic(file, doc);
  const floorDoc = o.floor ? readResults(o.floor) : undefined;
  const floor = floorDoc ? floorByRow(floorDoc) : twinFloor(doc, pairs[0].head.id);
  // Base and head share this run's machine; an A/A floor from another file may not.
  if (floorDoc) {
    const files = [
      { name: 'this gate run', doc },
      { name: `the A/A floor ${o.floor}`, doc: floorDoc },
    ];
    process.stderr.write(microarchBanner(microarchWarnings(files)));
  }
  const labels = { base: `base${commit(base.provenance)}`, head: `head${commit(doc.provenance)}` };
  const g = gatePaired(doc, { threshold, floor });
  const t = pairedGate(doc, { labels }, g);
  const text = `${printTable(t.table, { format: printFormat(o) })}\n\n${t.summary}\n`;
  writeFileSync(join(dir, 'gate.md'), `${printTable(t.table, { format: 'markdown' })}\n\n${t.summary}\n`);
  process.stdout.write(`\n${text}`);
  say(`${g.changes.length} cell(s) compared, results in ${relative(process.cwd(), dir) || '.'}`);
  const failed = g.regressions.length || g.broken.length || paired.broken.length;
  // As make ci-leg: a runtime that has a build here but could not run (on either tree) fails after the run.
  return runCode || (failed || broken.length || unpaired.some((u) => u.broken) ? 1 : 0);
}

/** The gate's command (lib/run/cli.js spreads it into COMMANDS). */
/** @type {Record<string, import('../options.js').Command>} */
export const GATE_COMMANDS = {
  gate: {
    summary:
      'the PR gate: this tree and a base checkout (--base) interleaved in one run; exit 1 on a significant slowdown beyond --threshold and the A/A floor',
    options: [
      'base',
      'runtimes',
      'suite',
      'workload',
      'params',
      'quick',
      'rounds',
      'seed',
      'threshold',
      'floor',
      'markdown',
      'out',
      'timeout',
      'min-ms',
      'warmup-ms',
      'suites-dir',
    ],
    run: (o) => gate(o),
  },
};
