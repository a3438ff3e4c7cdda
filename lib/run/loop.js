// The run loop: resolve what the user asked for, plan the jobs, hand each to its runtime's
// driver, keep the results file current after every job, and print the table at the end.
import { mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { runConformance } from '../conformance/run.js';
import { fingerprint } from '../measure/fingerprint.js';
import { failedRecord } from '../measure/record.js';
import { splitList, UsageError } from '../paths.js';
import { aaReport } from '../report/aa.js';
import { methodologyWarnings } from '../report/methodology.js';
import { printTable, wantsColor } from '../report/print.js';
import { renderResults } from '../report/table.js';
import { loadAnalyses } from '../results/discover.js';
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
import { outcomeNotRun, toRow } from '../runtimes/rows.js';
import { adaptiveRounds, precisionHeader } from './adaptive.js';
import { positiveOption } from './options.js';
import { jobSpec, roundJobs } from './plan.js';
import { progress } from './progress.js';
import { limitsOf, runRequest } from './request.js';
import { shapeFor } from './shapes.js';

/**
 * What the budget keeps for after the last job: the final write and the tables (well under 1 s
 * here; a default-mode json run with no reserve ended 0.7 s past its 30-minute budget).
 */
const TAIL_MS = 1000;

/** How often the results file is rewritten while a run goes on. */
const SAVE_EVERY_MS = 2000;

/**
 * `run`: plan, execute, write results, print the table. Returns the exit code.
 * @param {Record<string, any>} o parsed options
 */
export async function run(o) {
  // make gate hands over its request already made (this tree's runtimes beside the base's, lib/run/gate.js).
  const { runtimes, suites, suitesDir, mode, workloads, rows, filtered } = o.request ?? (await runRequest(o));
  checkGnuTime();
  const limits = limitsOf(mode);

  const drivers = [...new Set(runtimes.map(driverFor))];
  for (const d of drivers) await d.prepare(runtimes.filter((rt) => driverFor(rt) === d));
  const versions = new Map(runtimes.map((rt) => [rt.id, driverFor(rt).probe(rt)]));
  const fp = fingerprint();
  // The runtime order's seed (plan.js roundOrder): given, or drawn now and recorded to replay it.
  const orderSeed = o.seed ? positiveOption('seed', o.seed, 1, { integer: true }) : Math.floor(Math.random() * 2 ** 32);
  /** @type {Record<string, any>} */
  const doc = newResultsDoc({
    command: process.argv.slice(1).map(shellQuote).join(' '),
    options: { ...mode, suites, runtimes: runtimes.map((r) => r.id), order_seed: orderSeed },
    fingerprint: fp,
    provenance: provenance(runtimes),
    runtimes: runtimes.map((rt) => runtimeInfo(rt, versions.get(rt.id))),
  });
  const out = o.out ? resolve(o.out) : resultsPath();
  mkdirSync(dirname(out), { recursive: true });
  const save = () => writeJsonAtomic(out, doc);
  save();
  // During the run the file is rewritten at most every SAVE_EVERY_MS: a 4.5 MB file (every suite at
  // QUICK) took ~30 ms to write, after each of 866 jobs. Ctrl-C, SIGTERM and the end still save
  // at once, and so does an orchestrator that dies of an error (the exit handler); only a hard
  // kill of the orchestrator loses the jobs of the last two seconds.
  let savedAt = Date.now();
  let unsaved = false;
  const saveSoon = () => {
    unsaved = true;
    if (Date.now() - savedAt < SAVE_EVERY_MS) return;
    save();
    unsaved = false;
    savedAt = Date.now();
  };
  const saveOnExit = () => {
    if (unsaved) save();
  };
  process.on('exit', saveOnExit);

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
    `parity: ${rows.length} row(s) (${workloads.length} workload(s) × params${filtered ? ` ${o.params}` : ''}) × ${runtimes.length} runtime(s) × ${rounds} → ${relative(process.cwd(), out)}`,
  );

  const baseline = o.baseline ?? runtimes[0].id;
  const plan = adaptiveRounds(rows, runtimes, mode, baseline);
  // The budget counts from the command's start (runtimes probed, fingerprint taken), so that it
  // bounds what the user waits for; the tables printed after the last job take well under 1 s.
  const t0 = performance.timeOrigin;
  let done = 0;
  let stopped = 'max-rounds';
  /** How long each row's jobs took in its slowest round so far (the row objects persist). */
  const rowMs = new Map();
  outer: for (let round = 1; round <= mode.max_rounds && !interrupted; round++) {
    const active = plan.active(round);
    if (!active.length) {
      stopped = 'precision';
      break;
    }
    for (let r = 0; r < active.length && !interrupted; r++) {
      // The budget never cuts the minimum rounds, and it stops between rows, never inside one:
      // a row's runtimes of one round always run together, so its ratios stay paired. Past the
      // minimum, a row starts only if it should end within the budget, judged by how long it
      // took in its slowest round so far (a row started just before the budget ran out took QUICK
      // math+json to 61 s on a 60 s budget).
      const rowT0 = Date.now();
      if (round > mode.rounds && rowT0 - t0 + (rowMs.get(active[r].row) ?? 0) + TAIL_MS > mode.budget_s * 1000) {
        stopped = 'budget';
        break outer;
      }
      // Known work: the rest of this round, and the minimum rounds still to come.
      const left = active.slice(r).reduce((n, a) => n + a.runtimes.length, 0);
      const total = done + left + Math.max(0, mode.rounds - round) * rows.length * runtimes.length;
      for (const job of roundJobs(active[r].row, active[r].runtimes, round, orderSeed)) {
        if (interrupted) break;
        const row = await runOne(job, done + 1, total);
        if (!row) break outer;
        doc.results.push(row);
        plan.record(row);
        done++;
        say.done(done, total, job, row);
        saveSoon();
      }
      rowMs.set(active[r].row, Math.max(rowMs.get(active[r].row) ?? 0, Date.now() - rowT0));
    }
    plan.endRound(round);
  }
  doc.adaptive = plan.report(interrupted ? 'interrupted' : stopped, (Date.now() - t0) / 1000);

  /** Run one job through its shape on its driver; null when the driver gave up (interrupted). */
  async function runOne(job, i, total) {
    const rt = job.runtime;
    const driver = driverFor(rt);
    const spec = jobSpec(job, mode);
    const shape = shapeFor(job.workload.module);
    /** @type {import('./shapes.js').JobContext} */
    const ctx = {
      limits,
      version: versions.get(rt.id),
      repro: shape.repro(job, spec, driver),
      onSpawn: (kill) => {
        killCurrent = kill;
      },
    };
    const eta = i > 1 ? ((Date.now() - t0) / (i - 1)) * (total - i + 1) : null;
    say.start(i, total, job, eta);
    const notRun = (why, phase) =>
      toRow(job, outcomeNotRun(), failedRecord('error', why, phase), { ...ctx, version: null });
    if (!job.workload.module) return notRun(job.workload.error, 'load');
    if (rt.missing) return notRun(rt.missing, 'spawn');
    const row = await shape.run(job, spec, ctx, driver);
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
  process.off('exit', saveOnExit);
  const errors = validateResults(doc);
  if (errors.length) log(`parity: warning: results do not match ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);

  if (o.strict) {
    const w = methodologyWarnings(doc);
    if (w.length) throw new UsageError(`STRICT: ${w.join('; ')} (results kept in ${relative(process.cwd(), out)})`);
  }
  await printRun(doc, o, await loadAnalyses(suites, suitesDir));
  warnIfBusy(fp, log);
  log(
    `parity: results written to ${relative(process.cwd(), out)}${interrupted ? ' (interrupted; finished jobs kept)' : ''}`,
  );
  return interrupted ? 130 : 0;
}

/** The tables of a finished run on stdout: the precision reached, the results, an A/A verdict. */
async function printRun(doc, o, analyses) {
  // A run that measured conformance shows it beside the speed it qualifies.
  const show = [...splitList(o.show), ...(o.conformance ? ['conformance'] : [])];
  const header = precisionHeader(doc.adaptive);
  if (header) process.stdout.write(`${header}\n\n`);
  process.stdout.write(`${renderResults(doc, { show, baseline: o.baseline, analyses, color: wantsColor() })}\n`);
  if (o.aa && doc.results.some((r) => r.status === 'ok')) {
    const aa = aaReport(doc);
    process.stdout.write(`\n${printTable(aa.table)}\n\n${aa.verdict}\n`);
  }
}

/** A busy machine makes absolute figures unreliable (ratios within the run still hold): say so. */
function warnIfBusy(fp, log) {
  // The run itself keeps one core busy, so the end load is allowed one more than the start.
  if (fp.loadavg_start[0] > fp.cores * 0.5 || (fp.loadavg_end?.[0] ?? 0) > 1 + fp.cores * 0.5) {
    log(
      `parity: warning: the machine was busy (load ${fp.loadavg_start[0]} → ${fp.loadavg_end?.[0]} on ${fp.cores} cores); compare ratios within this run, not absolute figures`,
    );
  }
}
