// What the user asked a run for, checked and resolved before any job starts: the runtimes, the
// suites, the mode (QUICK or full with overrides, in one object) and the rows to measure. Every
// mistake is a UsageError (one line, exit 2).
import { resolve } from 'node:path';
import { splitList, UsageError } from '../../paths.js';
import { listSuites, loadWorkloads, SUITES_DIR } from '../../results/discover.js';
import { aaId, loadRegistry, resolveRuntime, runtimeIds } from '../../runtimes/registry.js';
import { positiveOption } from '../options.js';
import { shapeFor } from '../shapes/index.js';

import { DEFAULT_MEM_CAP_MB, MODES, parseParamFilter, planRows } from './plan.js';

/** Resolve and check the user's runtime ids; unknown ids are a usage error. */
export function resolveRuntimes(ids, registry = loadRegistry()) {
  if (!ids.length)
    throw new UsageError(`No runtime given: set RUNTIME or RUNTIMES to any of ${runtimeIds(registry).join(', ')}`);
  const seen = new Set();
  return ids.map((id) => {
    if (seen.has(id)) throw new UsageError(`Runtime "${id}" is named twice`);
    seen.add(id);
    try {
      return resolveRuntime(id, registry);
    } catch (e) {
      throw new UsageError(/** @type {any} */ (e).message);
    }
  });
}

function resolveSuites(ids, suitesDir) {
  const valid = listSuites(suitesDir);
  if (!ids.length) return valid;
  for (const id of ids) {
    if (!valid.includes(id)) throw new UsageError(`Unknown suite "${id}": valid suites are ${valid.join(', ')}`);
  }
  return ids;
}

/**
 * The mode of a run: the QUICK or full defaults with the user's overrides. `--rounds n` fixes the
 * count (min = max = n); otherwise rows get `rounds` to `max_rounds` as precision and budget decide.
 */
export function modeOf(o) {
  const quick = Boolean(o.quick);
  const base = MODES[quick ? 'quick' : 'full'];
  const fixed = o.rounds === undefined || o.rounds === '' ? null : positiveOption('rounds', o.rounds, base.rounds);
  if (fixed !== null && !Number.isInteger(fixed))
    throw new UsageError(`Invalid --rounds "${o.rounds}": expected a whole number, e.g. 5`);
  const precision = o.precision === undefined || o.precision === '' ? base.precision : parsePrecision(o.precision);
  if (precision === null) {
    throw new UsageError(`Invalid --precision "${o.precision}": expected a percentage above 0 and below 100, e.g. 3%`);
  }
  const budget_s = o.budget === undefined || o.budget === '' ? base.budget_s : parseBudget(o.budget);
  if (budget_s === null)
    throw new UsageError(`Invalid --budget "${o.budget}": expected a duration, e.g. 90s, 5m or 1h`);
  return {
    quick,
    rounds: fixed ?? base.rounds,
    max_rounds: fixed ?? base.max_rounds,
    last_look: fixed ?? base.last_look,
    precision,
    stop_when_decided: base.stop_when_decided,
    calibrate: Boolean(o.calibrate),
    budget_s,
    max_ms: base.max_ms,
    min_ms: positiveOption('min-ms', o['min-ms'], base.min_ms),
    warmup_ms: positiveOption('warmup-ms', o['warmup-ms'], base.warmup_ms),
    min_samples: base.min_samples,
    starts: positiveOption('starts', o.starts, base.starts, { integer: true }),
    // HTTP load timings: the mode's, unless --min-ms/--warmup-ms scale them (tests, quick tries).
    http: o['min-ms'] || o['warmup-ms'] ? null : base.http,
    timeout_s: positiveOption('timeout', o.timeout, base.timeout_s),
    mem_cap_mb: positiveOption('mem-cap', o['mem-cap'], DEFAULT_MEM_CAP_MB),
  };
}

/**
 * What every driver enforces on a job, from the mode: drivers take these as given, never a default of their own.
 * @param {{timeout_s: number, mem_cap_mb: number}} mode
 */
export function limitsOf(mode) {
  return { timeout_s: mode.timeout_s, mem_cap_bytes: mode.mem_cap_mb * 2 ** 20 };
}

/**
 * A workload whose module loaded but whose job shape refuses its parameters is a workload that
 * failed to load: its jobs become error rows, as for a module that does not validate.
 * @param {any} w
 */
function checkedShape(w) {
  const why = w.module ? shapeFor(w.module).check(w.module) : null;
  return why ? { ...w, module: null, error: `Workload ${w.id}: ${why}` } : w;
}

/**
 * The run a user asked for: runtimes (two ids for an A/A run), suites, mode, workloads and rows.
 * @param {Record<string, any>} o parsed options
 */
export async function runRequest(o) {
  const registry = loadRegistry();
  let runtimes = resolveRuntimes(splitList(o.runtimes), registry);
  if (o.aa) {
    // A/A: one runtime against itself under a second id, interleaved like any comparison.
    if (runtimes.length !== 1) {
      throw new UsageError(
        `An A/A run takes exactly one runtime, got ${runtimes.map((r) => r.id).join(', ') || 'none'}`,
      );
    }
    runtimes = [runtimes[0], { ...runtimes[0], id: aaId(runtimes[0].id) }];
  }
  const suitesDir = o['suites-dir'] ? resolve(o['suites-dir']) : SUITES_DIR;
  const suites = resolveSuites(splitList(o.suite), suitesDir);
  const mode = modeOf(o);
  if (o.baseline && !runtimes.some((r) => r.id === o.baseline)) {
    throw new UsageError(
      `Baseline "${o.baseline}" is not one of the runtimes of this run: ${runtimes.map((r) => r.id).join(', ')}`,
    );
  }
  let workloads = (await loadWorkloads(suites, suitesDir)).map(checkedShape);
  const only = splitList(o.workload);
  if (only.length) {
    const names = workloads.map((w) => w.name);
    for (const n of only) {
      if (!names.includes(n)) throw new UsageError(`Unknown workload "${n}": valid workloads are ${names.join(', ')}`);
    }
    workloads = workloads.filter((w) => only.includes(w.name));
  }
  if (!workloads.length) throw new UsageError(`No workloads found in suites ${suites.join(', ')}`);
  let paramFilter;
  try {
    paramFilter = parseParamFilter(o.params);
  } catch (e) {
    throw new UsageError(/** @type {Error} */ (e).message);
  }
  const rows = planRows(workloads, mode.quick, paramFilter);
  if (!rows.length) {
    throw new UsageError(`No parameter set matches --params "${o.params}" in ${workloads.map((w) => w.id).join(', ')}`);
  }
  // A value the user set for an open parameter (a pool's size) is checked before any job starts.
  for (const row of rows) {
    try {
      row.workload.module?.checkParams?.(row.params);
    } catch (e) {
      throw new UsageError(`${row.workload.id}: ${/** @type {Error} */ (e).message}`);
    }
  }
  return { runtimes, suites, suitesDir, mode, workloads, rows, filtered: Boolean(paramFilter) };
}

/**
 * "3%" / "3" (per cent) or "0.03" → 0.03. Returns null for anything else.
 * @param {string | undefined} text
 */
export function parsePrecision(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(text ?? '');
  if (!m) return null;
  const v = Number(m[1]);
  const f = m[2] || v >= 1 ? v / 100 : v;
  return f > 0 && f < 1 ? f : null;
}

/**
 * "90s", "5m", "1h", "300" (seconds) → seconds. Returns null for anything else.
 * @param {string | undefined} text
 */
export function parseBudget(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h)?\s*$/.exec(text ?? '');
  if (!m) return null;
  const s = Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] ?? 's'];
  return s > 0 ? s : null;
}
