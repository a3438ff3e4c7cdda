// The run loop: resolve what the user asked for, plan the jobs, hand each to its runtime's
// driver, keep the results file current after every job, and print the table at the end.
import { mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { runConformance } from '../conformance/run.js';
import { fingerprint } from '../measure/fingerprint.js';
import { isHttpWorkload } from '../measure/workload.js';
import { splitList, UsageError } from '../paths.js';
import { aaId, aaReport } from '../report/aa.js';
import { methodologyWarnings } from '../report/methodology.js';
import { printTable, wantsColor } from '../report/print.js';
import { renderResults } from '../report/table.js';
import { listSuites, loadAnalyses, loadWorkloads, SUITES_DIR } from '../results/discover.js';
import {
  finishResultsDoc,
  newResultsDoc,
  provenance,
  resultsPath,
  runtimeInfo,
  SCHEMA_ID,
  validateResults,
  writeJsonAtomic,
} from '../results/file.js';
import { driverFor } from '../runtimes/drivers/index.js';
import { shellQuote } from '../runtimes/drivers/process.js';
import { checkGnuTime } from '../runtimes/proc.js';
import { loadRegistry, resolveRuntime, runtimeIds } from '../runtimes/registry.js';
import { outcomeNotRun, toRow } from '../runtimes/rows.js';
import { adaptiveRounds, parseBudget, parsePrecision, precisionHeader } from './adaptive.js';
import { httpRepro, runHttpJob } from './http/job.js';
import { positiveOption } from './options.js';
import { DEFAULT_MEM_CAP_MB, jobSpec, MODES, parseParamFilter, planRows, roundJobs } from './plan.js';
import { progress } from './progress.js';

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
    precision,
    budget_s,
    max_ms: base.max_ms,
    min_ms: positiveOption('min-ms', o['min-ms'], base.min_ms),
    warmup_ms: positiveOption('warmup-ms', o['warmup-ms'], base.warmup_ms),
    min_samples: base.min_samples,
    timeout_s: positiveOption('timeout', o.timeout, base.timeout_s),
    mem_cap_mb: positiveOption('mem-cap', o['mem-cap'], DEFAULT_MEM_CAP_MB),
  };
}

/**
 * `run`: plan, execute, write results, print the table. Returns the exit code.
 * @param {Record<string, any>} o parsed options
 */
export async function run(o) {
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
  checkGnuTime();

  let workloads = await loadWorkloads(suites, suitesDir);
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

  const drivers = [...new Set(runtimes.map(driverFor))];
  for (const d of drivers) await d.prepare(runtimes.filter((rt) => driverFor(rt) === d));
  const versions = new Map(runtimes.map((rt) => [rt.id, driverFor(rt).probe(rt)]));
  const fp = fingerprint();
  /** @type {Record<string, any>} */
  const doc = newResultsDoc({
    command: process.argv.slice(1).map(shellQuote).join(' '),
    options: { ...mode, suites, runtimes: runtimes.map((r) => r.id) },
    fingerprint: fp,
    provenance: provenance(runtimes),
    runtimes: runtimes.map((rt) => runtimeInfo(rt, versions.get(rt.id))),
  });
  const out = o.out ? resolve(o.out) : resultsPath();
  mkdirSync(dirname(out), { recursive: true });
  const save = () => writeJsonAtomic(out, doc);
  save();

  const say = progress();
  let killCurrent = null;
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    killCurrent?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const log = (line) => process.stderr.write(`${line}\n`);
  const rounds =
    mode.rounds === mode.max_rounds
      ? `${mode.rounds} round(s)`
      : `${mode.rounds}–${mode.max_rounds} rounds to ±${+(mode.precision * 100).toFixed(2)}% or ${mode.budget_s} s`;
  log(
    `parity: ${rows.length} row(s) (${workloads.length} workload(s) × params${paramFilter ? ` ${o.params}` : ''}) × ${runtimes.length} runtime(s) × ${rounds} → ${relative(process.cwd(), out)}`,
  );

  const baseline = o.baseline ?? runtimes[0].id;
  const plan = adaptiveRounds(rows, runtimes, mode, baseline);
  const t0 = Date.now();
  let done = 0;
  let stopped = 'max-rounds';
  outer: for (let round = 1; round <= mode.max_rounds && !interrupted; round++) {
    const active = plan.active(round);
    if (!active.length) {
      stopped = 'precision';
      break;
    }
    for (let r = 0; r < active.length && !interrupted; r++) {
      // The budget never cuts the minimum rounds, and it stops between rows, never inside one:
      // a row's runtimes of one round always run together, so its ratios stay paired.
      if (round > mode.rounds && Date.now() - t0 > mode.budget_s * 1000) {
        stopped = 'budget';
        break outer;
      }
      // Known work: the rest of this round, and the minimum rounds still to come.
      const left = active.slice(r).reduce((n, a) => n + a.runtimes.length, 0);
      const total = done + left + Math.max(0, mode.rounds - round) * rows.length * runtimes.length;
      for (const job of roundJobs(active[r].row, active[r].runtimes, round)) {
        if (interrupted) break;
        const row = await runOne(job, done + 1, total);
        if (!row) break outer;
        doc.results.push(row);
        plan.record(row);
        done++;
        say.done(done, total, job, row);
        save();
      }
    }
    plan.endRound(round);
  }
  doc.adaptive = plan.report(interrupted ? 'interrupted' : stopped, (Date.now() - t0) / 1000);

  /** Run one job on its driver; null when the driver gave up (interrupted). */
  async function runOne(job, i, total) {
    const rt = job.runtime;
    const driver = driverFor(rt);
    const spec = jobSpec(job, mode);
    job.repro = isHttpWorkload(job.workload.module) ? httpRepro(job) : driver.repro(job, spec);
    job.timeout_s = mode.timeout_s;
    job.mem_cap_bytes = mode.mem_cap_mb * 2 ** 20;
    const eta = i > 1 ? ((Date.now() - t0) / (i - 1)) * (total - i + 1) : null;
    say.start(i, total, job, eta);
    if (!job.workload.module) return toRow(job, outcomeNotRun(job.workload.error, 'load'), null);
    if (rt.missing) return toRow(job, outcomeNotRun(rt.missing, 'spawn'), null);
    const runCtx = {
      version: versions.get(rt.id),
      onSpawn: (kill) => {
        killCurrent = kill;
      },
    };
    // HTTP workloads (suites/http/) run a server and a load client instead of the harness.
    const row = isHttpWorkload(job.workload.module)
      ? await runHttpJob(job, spec, runCtx, driver)
      : await driver.run(job, spec, runCtx);
    killCurrent = null;
    return row;
  }
  say.end();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  for (const d of drivers) await d.stop();

  if (o.conformance && !interrupted) {
    const conf = await runConformance(runtimes, suites, { log });
    doc.conformance = conf.rows;
    if (conf.wpt) doc.wpt = conf.wpt;
    for (const n of conf.notes) log(`parity: ${n}`);
  }
  finishResultsDoc(doc, { interrupted });
  save();
  const errors = validateResults(doc);
  if (errors.length) log(`parity: warning: results do not match ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);

  if (o.strict) {
    const w = methodologyWarnings(doc);
    if (w.length) throw new UsageError(`STRICT: ${w.join('; ')} (results kept in ${relative(process.cwd(), out)})`);
  }
  const analyses = await loadAnalyses(suites, suitesDir);
  // A run that measured conformance shows it beside the speed it qualifies.
  const show = [...splitList(o.show), ...(o.conformance ? ['conformance'] : [])];
  const header = precisionHeader(doc.adaptive);
  if (header) process.stdout.write(`${header}\n\n`);
  process.stdout.write(`${renderResults(doc, { show, baseline: o.baseline, analyses, color: wantsColor() })}\n`);
  if (o.aa && doc.results.some((r) => r.status === 'ok')) {
    const aa = aaReport(doc);
    process.stdout.write(`\n${printTable(aa.table)}\n\n${aa.verdict}\n`);
  }
  // The run itself keeps one core busy, so the end load is allowed one more than the start.
  if (fp.loadavg_start[0] > fp.cores * 0.5 || (fp.loadavg_end?.[0] ?? 0) > 1 + fp.cores * 0.5) {
    log(
      `parity: warning: the machine was busy (load ${fp.loadavg_start[0]} → ${fp.loadavg_end?.[0]} on ${fp.cores} cores); compare ratios within this run, not absolute figures`,
    );
  }
  log(
    `parity: results written to ${relative(process.cwd(), out)}${interrupted ? ' (interrupted; finished jobs kept)' : ''}`,
  );
  return interrupted ? 130 : 0;
}
