// The run loop: resolve what the user asked for, start the run (drivers, versions, the results
// document), run its rounds (rounds.js) job by job (job.js) while the results file is kept
// current (keep-current.js), then finish it: conformance, the last write, checks, the tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { runConformance } from '../../conformance/run.js';
import { fingerprint } from '../../measure/fingerprint.js';
import { adaptiveRounds } from '../../measure/stats/stopping.js';
import { splitList, UsageError } from '../../paths.js';
import { aaReport } from '../../report/across/aa.js';
import { analysesOf } from '../../report/analyses/index.js';
import { methodologyWarnings } from '../../report/model/methodology.js';
import { precisionHeader } from '../../report/model/precision-header.js';
import { printTable, wantsColor } from '../../report/text/print.js';
import { renderResults } from '../../report/text/render.js';
import {
  finishResultsDoc,
  newResultsDoc,
  provenance,
  resultsPath,
  runtimeInfo,
  SCHEMA_ID,
  validateResults,
} from '../../results/file.js';
import { driverFor } from '../../runtimes/drivers/index.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { checkGnuTime } from '../../runtimes/proc.js';
import { ensureTool, TOOLS } from '../../runtimes/tools.js';
import { positiveOption } from '../options.js';
import { runRequest } from '../plan/request.js';
import { toolsOf } from '../shapes/index.js';
import { withCalibration } from './calibration-check.js';
import { interrupts, jobRunner } from './job.js';
import { keepResults } from './keep-current.js';
import { runRounds } from './rounds.js';

/**
 * `run`: plan, execute, write results, print the table. Returns the exit code.
 * @param {Record<string, any>} o parsed options
 */
export async function run(o) {
  // make gate hands over its request already made (this tree's runtimes beside the base's, lib/run/workflows/gate.js).
  const req = o.request ?? (await runRequest(o));
  const { runtimes, mode, rows } = req;
  checkGnuTime();
  // A tool only some workloads need is built on the first run that needs it, before any job.
  const toolsMs = await ensureTools(toolsOf(rows));
  const { drivers, versions, fp, orderSeed, doc } = await startRun(req, o);
  const out = o.out ? resolve(o.out) : resultsPath();
  const file = keepResults(out, doc);
  const stop = interrupts();
  log(headline(req, o, out));

  const plan = adaptiveRounds(rows, runtimes, mode, o.baseline ?? runtimes[0].id);
  // The budget counts from the command's start (runtimes probed, fingerprint taken), so that it
  // bounds what the user waits for; the tables printed after the last job take well under 1 s.
  // A tool's one-off build before it is not counted.
  const t0 = performance.timeOrigin + toolsMs;
  // The run's folder for generated inputs: removed when the run ends, or at exit if it is cut short.
  const inputsDir = mkdtempSync(join(tmpdir(), 'parity-inputs-'));
  const removeInputs = () => rmSync(inputsDir, { recursive: true, force: true });
  process.once('exit', removeInputs);
  const calibrated = withCalibration(jobRunner({ mode, versions, stop, inputsDir }), {
    enabled: Boolean(mode.calibrate),
  });
  const stopped = await runRounds(plan, { rows, runtimes, mode, orderSeed, t0, stop }, calibrated.run, (row) => {
    doc.results.push(row);
    file.soon();
  }).finally(() => {
    removeInputs();
    process.removeListener('exit', removeInputs);
  });
  doc.adaptive = plan.report(stop.interrupted ? 'interrupted' : stopped, (Date.now() - t0) / 1000);
  if (mode.calibrate) doc.calibration = calibrated.report();
  stop.close();
  for (const d of drivers) await d.stop();

  await finishRun(doc, o, req, { file, out, interrupted: stop.interrupted });
  printRun(doc, o);
  warnIfBusy(fp, log);
  const note = stop.interrupted ? ' (interrupted; finished jobs kept)' : '';
  log(`parity: results written to ${relative(process.cwd(), out)}${note}`);
  return stop.interrupted ? 130 : 0;
}

const log = (line) => process.stderr.write(`${line}\n`);

/**
 * Have each named tool (built on first use, lib/runtimes/tools.js); resolves with the time it took.
 * A tool that cannot be had is left missing: its rows say why when they run.
 * @param {string[]} names
 */
async function ensureTools(names) {
  const start = performance.now();
  for (const name of names) {
    const r = await ensureTool(TOOLS[name]);
    if (!r.bin) log(`parity: ${r.reason}; the rows that need it will be unsupported`);
  }
  return performance.now() - start;
}

/**
 * Before the first job: every driver prepared for its runtimes, each runtime's version probed, the
 * machine's fingerprint taken, the runtime order's seed chosen, and the results document begun.
 */
async function startRun({ runtimes, suites, mode }, o) {
  const drivers = [...new Set(runtimes.map(driverFor))];
  for (const d of drivers) await d.prepare(runtimes.filter((rt) => driverFor(rt) === d));
  const versions = new Map(runtimes.map((rt) => [rt.id, driverFor(rt).probe(rt)]));
  const fp = fingerprint();
  // The runtime order's seed (plan.js roundOrder): given, or drawn now and recorded to replay it.
  const orderSeed = o.seed ? positiveOption('seed', o.seed, 1, { integer: true }) : Math.floor(Math.random() * 2 ** 32);
  /** @type {Record<string, any>} */
  const doc = newResultsDoc({
    command: invocation(),
    options: { ...mode, suites, runtimes: runtimes.map((r) => r.id), order_seed: orderSeed },
    fingerprint: fp,
    provenance: provenance(runtimes),
    runtimes: runtimes.map((rt) => runtimeInfo(rt, versions.get(rt.id))),
  });
  return { drivers, versions, fp, orderSeed, doc };
}

/**
 * After the last job: conformance (when asked for and not interrupted), the document finished and
 * written a last time, checked against its schema, and STRICT's methodology gate.
 */
async function finishRun(doc, o, { runtimes, suites }, { file, out, interrupted }) {
  if (o.conformance && !interrupted) {
    const conf = await runConformance(runtimes, suites, { log });
    doc.conformance = conf.rows;
    if (conf.wpt) doc.wpt = conf.wpt;
    for (const n of conf.notes) log(`parity: ${n}`);
  }
  finishResultsDoc(doc, { interrupted });
  file.close();
  const errors = validateResults(doc);
  if (errors.length) log(`parity: warning: results do not match ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);
  if (o.strict) {
    const w = methodologyWarnings(doc);
    if (w.length) throw new UsageError(`STRICT: ${w.join('; ')} (results kept in ${relative(process.cwd(), out)})`);
  }
}

/** The run's one line before its first job: what it measures, how many rounds, where it writes. */
function headline({ runtimes, mode, workloads, rows, filtered }, o, out) {
  const rounds =
    mode.rounds === mode.max_rounds
      ? `${mode.rounds} round(s)`
      : `${mode.rounds}–${mode.max_rounds} rounds to ±${+(mode.precision * 100).toFixed(2)}% or ${mode.budget_s} s`;
  const what = `${workloads.length} workload(s) × params${filtered ? ` ${o.params}` : ''}`;
  return `parity: ${rows.length} row(s) (${what}) × ${runtimes.length} runtime(s) × ${rounds} → ${relative(process.cwd(), out)}`;
}

/** The tables of a finished run on stdout: the precision reached, the results, an A/A verdict. */
function printRun(doc, o) {
  // A run that measured conformance shows it beside the speed it qualifies.
  const show = [...splitList(o.show), ...(o.conformance ? ['conformance'] : [])];
  const header = precisionHeader(doc.adaptive);
  if (header) process.stdout.write(`${header}\n\n`);
  process.stdout.write(
    `${renderResults(doc, { show, baseline: o.baseline, analyses: analysesOf(doc), color: wantsColor() })}\n`,
  );
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
