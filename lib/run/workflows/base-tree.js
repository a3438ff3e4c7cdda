// A second checkout driven by this tree's orchestrator (make gate BASE=dir): its registry, its
// binaries, its runners and its workloads, as runtime ids `<id>/base` beside this tree's `<id>`
// in one interleaved run, the way Node's benchmark/compare.js runs an old and a new binary in one
// sitting. The job protocol (lib/measure/protocol.js) says whether the base can be driven at all.
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JOB_PROTOCOL } from '../../measure/protocol.js';
import { paramsKey } from '../../measure/workload.js';
import { UsageError } from '../../paths.js';
import { listSuites, loadWorkloads } from '../../results/discover.js';
import { provenance } from '../../results/file.js';
import { aaId, baseId, loadRegistry, resolveRuntime } from '../../runtimes/registry.js';
import { planRows } from '../plan/plan.js';
import { shapeFor } from '../shapes/index.js';

/** The tree name a base runtime carries (plan.js gives its jobs that tree's workloads and inputs folder). */
export const BASE_TREE = 'base';

/**
 * @typedef {{root: string, shown: string, tooOld: string | null, registry?: import('../../runtimes/registry.js').Registry,
 *   provenance?: any}} Base
 */

/**
 * Open a base checkout. A folder that is not there is a usage error; a tree this orchestrator
 * cannot drive (no job protocol, another one, a registry this tree cannot read) is `tooOld`, with why.
 * @param {string | undefined} dir
 * @returns {Promise<Base>}
 */
export async function openBase(dir) {
  if (!dir) throw new UsageError('gate: set BASE to a parity checkout of the base, e.g. make gate BASE=../base');
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new UsageError(`BASE "${dir}" is not a folder: give a parity checkout of the base, e.g. BASE=../base`);
  }
  const shown = relative(process.cwd(), root) || '.';
  const file = join(root, 'lib', 'measure', 'protocol.js');
  if (!existsSync(file)) {
    return { root, shown, tooOld: `it has no lib/measure/protocol.js (a tree from before make gate)` };
  }
  const theirs = (await import(pathToFileURL(file).href)).JOB_PROTOCOL;
  if (theirs !== JOB_PROTOCOL) {
    return { root, shown, tooOld: `it speaks job protocol ${theirs}, this tree ${JOB_PROTOCOL}` };
  }
  try {
    const registry = loadRegistry(join(root, 'runners', 'runtimes.json'), root);
    return { root, shown, tooOld: null, registry, provenance: provenance([], root) };
  } catch (e) {
    return {
      root,
      shown,
      tooOld: `its runners/runtimes.json cannot be read here: ${/** @type {Error} */ (e).message}`,
    };
  }
}

/**
 * The base's twin of each of this tree's runtimes, or why a runtime has none (then it is not
 * compared). Only the process driver runs another tree's runner: workerd's driver builds its
 * worker from this tree's files (lib/runtimes/drivers/workerd-config.js).
 * @param {Base} base
 * @param {any[]} heads this tree's resolved runtimes
 */
export function baseRuntimes(base, heads) {
  const pairs = [];
  /** @type {{id: string, reason: string, broken?: boolean}[]} broken: the base's binary is missing (its setup, not the platform) */
  const unpaired = [];
  for (const rt of heads) {
    /** @type {any} */
    let twin;
    try {
      twin = resolveRuntime(rt.id, base.registry);
    } catch {
      unpaired.push({ id: rt.id, reason: 'the base has no such runtime id' });
      continue;
    }
    if (rt.driver !== 'process' || twin.driver !== 'process') {
      unpaired.push({ id: rt.id, reason: `driver ${rt.driver} runs this tree's files only` });
    } else if (twin.unavailable) {
      unpaired.push({ id: rt.id, reason: `the base's ${rt.id} has no build here: ${twin.unavailable}` });
    } else if (twin.missing) {
      const why = twin.missing.replace('make setup', `make -C ${base.shown} setup`);
      unpaired.push({ id: rt.id, reason: `the base's ${why}`, broken: true });
    } else {
      pairs.push({ head: rt, base: { ...twin, id: baseId(rt.id) } });
    }
  }
  return { pairs, unpaired };
}

const keyOf = (row) => `${row.workload.id}${Object.keys(row.params).length ? ` ${paramsKey(row.params)}` : ''}`;

/**
 * A workload whose job shape refuses its parameters did not load (as request.js treats this tree's).
 * @param {any} w
 */
function checked(w) {
  const why = w.module ? shapeFor(w.module).check(w.module) : null;
  return why ? { ...w, module: null, error: `Workload ${w.id}: ${why}` } : w;
}

/**
 * The gate's run: this tree's request (lib/run/plan/request.js) with each runtime beside its base twin
 * (base first, the baseline of the run's own table) and the A/A twin of the first runtime when
 * `twin` is set, on the rows both trees have. A row only one tree has is listed, not run; a
 * workload that does not load on this tree but does on the base is `broken` (the gate fails on it).
 * @param {any} request what runRequest returned for this tree
 * @param {Base} base
 * @param {{pairs: {head: any, base: any}[], quick: boolean, paramFilter: Record<string, string[]> | null, only: string[], twin: boolean}} o
 */
export async function pairWithBase(request, base, { pairs, quick, paramFilter, only, twin }) {
  const suitesDir = join(base.root, 'suites');
  const suites = request.suites.filter((/** @type {string} */ s) => listSuites(suitesDir).includes(s));
  const loaded = (await loadWorkloads(suites, suitesDir)).map(checked);
  const workloads = loaded.filter((w) => !only.length || only.includes(w.name));
  const baseRows = planRows(
    workloads.filter((w) => w.module),
    quick,
    paramFilter,
  );
  const baseKeys = new Set(baseRows.map(keyOf));
  const headKeys = new Set(request.rows.map(keyOf));
  const loadsInBase = new Set(workloads.filter((w) => w.module).map((w) => w.id));
  const rows = request.rows.filter((/** @type {any} */ r) => r.workload.module && baseKeys.has(keyOf(r)));
  const broken = [
    ...new Set(
      request.rows
        .filter((/** @type {any} */ r) => !r.workload.module && loadsInBase.has(r.workload.id))
        .map((/** @type {any} */ r) => `${r.workload.id}: ${r.workload.error}`),
    ),
  ];
  const onlyHead = request.rows
    .filter((/** @type {any} */ r) => r.workload.module && !baseKeys.has(keyOf(r)))
    .map(keyOf);
  const onlyBase = [
    ...baseRows.filter((r) => !headKeys.has(keyOf(r))).map(keyOf),
    ...workloads.filter((w) => !w.module).map((w) => `${w.id} (does not load in the base: ${w.error})`),
  ];
  const tree = { name: BASE_TREE, root: base.root, workloads: new Map(workloads.map((w) => [w.id, w])) };
  const runtimes = pairs.flatMap((p) => [{ ...p.base, tree }, p.head]);
  if (twin && pairs.length) runtimes.push({ ...pairs[0].head, id: aaId(pairs[0].head.id) });
  return { request: { ...request, runtimes, rows }, onlyHead, onlyBase, broken };
}
