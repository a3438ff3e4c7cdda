// The orchestrator: plans jobs, interleaves runtimes in rotating rounds, runs each job in a
// fresh process, measures it from outside, and keeps a results file that survives a crash.
//
//   node runners/orchestrate.js run --runtimes node,deno,bun [--suite math] [--quick]
//   node runners/orchestrate.js table results/FILE.json [--show cpu,rss] [--markdown]
//   node runners/orchestrate.js runtimes
//   node runners/orchestrate.js validate results/FILE.json...
import { mkdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runConformance } from '../lib/conformance-run.js';
import { listSuites, loadAnalyses, loadWorkloads, SUITES_DIR } from '../lib/discover.js';
import { fingerprint, loadavg } from '../lib/fingerprint.js';
import { checkGnuTime, runMeasured } from '../lib/proc.js';
import {
  commandLine,
  displayPath,
  loadRegistry,
  probeRuntime,
  ROOT,
  resolveRuntime,
  runtimeIds,
  splitList,
} from '../lib/registry.js';
import { readResults, resultsPath, SCHEMA_ID, validateResults, writeJsonAtomic } from '../lib/results.js';
import { renderDiff, renderResults } from '../lib/table.js';
import { paramSets, paramsKey } from '../lib/workload.js';

/** Defaults per mode; QUICK trades precision for a run that fits in CI. */
export const MODES = {
  full: { rounds: 5, min_ms: 500, warmup_ms: 300, min_samples: 12, timeout_s: 120 },
  quick: { rounds: 2, min_ms: 80, warmup_ms: 120, min_samples: 5, timeout_s: 60 },
};

class UsageError extends Error {}

const shellQuote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

function positiveNumber(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`Invalid --${name} "${value}": expected a positive number`);
  return n;
}

/**
 * One job; the run loop adds how to rerun it and its limits before it starts.
 * @typedef {{round: number, workload: any, params: Record<string, string|number>, runtime: any,
 *   repro?: string, timeout_s?: number, mem_cap_bytes?: number}} Job
 */

/**
 * The job list: for each round, each workload × params, every runtime, with the runtime
 * order rotated by one per round (A B C, B C A, C A B) so that drift over time and
 * position effects fall on every runtime alike.
 */
export function planJobs(workloads, runtimes, rounds, quick) {
  /** @type {Job[]} */
  const jobs = [];
  for (let round = 1; round <= rounds; round++) {
    for (const w of workloads) {
      const sets = w.module ? paramSets(w.module, quick) : [{}];
      for (const params of sets) {
        for (let i = 0; i < runtimes.length; i++) {
          const rt = runtimes[(i + round - 1) % runtimes.length];
          jobs.push({ round, workload: w, params, runtime: rt });
        }
      }
    }
  }
  return jobs;
}

/** The JSON a runner receives for one job. */
function jobSpec(job, mode) {
  return {
    id: job.workload.id,
    workload: pathToFileURL(job.workload.file).href,
    params: job.params,
    preload: job.runtime.preload ? pathToFileURL(job.runtime.preload).href : null,
    min_ms: mode.min_ms,
    warmup_ms: mode.warmup_ms,
    min_samples: mode.min_samples,
  };
}

/** A copy-pastable command that reruns one job by hand. */
function reproCommand(rt, spec) {
  const env = Object.entries(rt.env).map(([k, v]) => `${k}=${shellQuote(v)} `);
  const argv = commandLine(rt, displayPath(rt.runner), [JSON.stringify(spec)]);
  return `${env.join('')}${displayPath(rt.bin)} ${argv.map(shellQuote).join(' ')}`;
}

/** The outcome of a job that never started: what a runner would have printed for it. */
function notRun(error, phase) {
  const stdout = JSON.stringify({ status: 'error', error, phase });
  return { stdout, stderr: '', exit_code: 0, wall_ms: 0, cpu_ms: null, rss_peak_bytes: null, signal: null };
}

/** Turn what the process did into one result row. Outside figures are authoritative. */
export function toRow(job, outcome, version) {
  const lines = outcome.stdout.trim().split('\n').filter(Boolean);
  let inner = null;
  try {
    inner = JSON.parse(lines.at(-1) ?? '');
  } catch {}
  const lastErr = outcome.stderr.trim().split('\n').filter(Boolean).slice(-3).join(' | ').slice(0, 500);
  let status = inner?.status ?? 'crash';
  let error = inner?.error ?? null;
  if (outcome.killed_for === 'timeout') {
    status = 'timeout';
    error = `no result within ${job.timeout_s} s; killed`;
  } else if (outcome.killed_for === 'oom' || (!inner && /out of memory|allocation failed/i.test(lastErr))) {
    status = 'oom';
    error = `exceeded the memory cap of ${Math.round(job.mem_cap_bytes / 2 ** 20)} MiB (peak RSS ${Math.round((outcome.rss_peak_bytes ?? 0) / 2 ** 20)} MiB)`;
    if (outcome.killed_for !== 'oom') error = `runtime ran out of memory: ${lastErr}`;
  } else if (!inner || outcome.exit_code !== 0) {
    status = 'crash';
    const how = outcome.signal ? `killed by ${outcome.signal}` : `exited with code ${outcome.exit_code}`;
    error = `${how} before reporting a result${lastErr ? `: ${lastErr}` : ''}`;
  }
  const ok = status === 'ok';
  return {
    runtime: job.runtime.id,
    runtime_version: inner?.runtime_version ?? version?.version ?? null,
    engine: inner?.engine ?? version?.engine ?? null,
    engine_version: inner?.engine_version ?? version?.engine_version ?? null,
    suite: job.workload.suite,
    workload: job.workload.name,
    params: job.params,
    round: job.round,
    status,
    error,
    phase: inner?.phase ?? null,
    unit: inner?.unit ?? job.workload.module?.unit ?? null,
    units_per_call: ok ? inner.units_per_call : null,
    samples_ns: ok ? inner.samples_ns : [],
    samples_total: ok ? inner.samples_total : 0,
    calls: ok ? inner.calls : 0,
    median_ns: ok ? inner.median_ns : null,
    ci95_ns: ok ? inner.ci95_ns : null,
    throughput: ok ? inner.throughput : null,
    noop_ns: inner?.noop_ns ?? null,
    suspect: inner?.suspect ?? null,
    timer: inner?.timer ?? null,
    gc: inner?.gc ?? null,
    ...(inner?.report === undefined ? {} : { report: inner.report }),
    ...(job.workload.module?.conformance ? { conformance_folders: job.workload.module.conformance } : {}),
    cpu_ms: outcome.cpu_ms,
    wall_ms: outcome.wall_ms,
    rss_peak_bytes: outcome.rss_peak_bytes,
    exit_code: outcome.exit_code,
    signal: outcome.signal,
    inproc: inner?.inproc ?? null,
    repro: job.repro,
  };
}

function fmtDuration(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Progress on stderr: one rewritten line on a TTY, plain lines otherwise (logs, CI). */
function progress(stream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  return {
    start(i, n, job, etaMs) {
      if (!tty) return;
      const eta = etaMs === null ? '' : ` ETA ${fmtDuration(etaMs)}`;
      const p = paramsKey(job.params);
      stream.write(
        `\r\x1b[K[${i}/${n}] round ${job.round} ${job.runtime.id} ${job.workload.id}${p ? ` ${p}` : ''}${eta}`,
      );
    },
    done(i, n, job, row) {
      const p = paramsKey(job.params);
      const what =
        row.status === 'ok'
          ? `${row.throughput.value.toPrecision(3)} ${row.throughput.unit}${row.suspect ? ' (suspect)' : ''}`
          : `${row.status}: ${row.error}`;
      const line = `[${i}/${n}] round ${job.round} ${job.runtime.id} ${job.workload.id}${p ? ` ${p}` : ''}: ${what} (${fmtDuration(row.wall_ms)})`;
      if (tty) stream.write(`\r\x1b[K${row.status === 'ok' ? '' : `${line}\n`}`);
      else stream.write(`${line}\n`);
    },
    end() {
      if (tty) stream.write('\r\x1b[K');
    },
  };
}

/** Resolve and check the user's runtime ids; unknown ids are a usage error. */
function resolveRuntimes(ids, registry) {
  if (!ids.length)
    throw new UsageError(`No runtime given: set RUNTIME or RUNTIMES to any of ${runtimeIds(registry).join(', ')}`);
  const seen = new Set();
  return ids.map((id) => {
    if (seen.has(id)) throw new UsageError(`Runtime "${id}" is named twice`);
    seen.add(id);
    try {
      return resolveRuntime(id, registry);
    } catch (e) {
      throw new UsageError(e.message);
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
 * `run`: plan, execute, write results, print the table. Returns the exit code.
 * @param {Record<string, any>} o parsed options
 */
export async function run(o) {
  const registry = loadRegistry();
  const runtimes = resolveRuntimes(splitList(o.runtimes), registry);
  const suitesDir = o['suites-dir'] ? resolve(o['suites-dir']) : SUITES_DIR;
  const suites = resolveSuites(splitList(o.suite), suitesDir);
  const quick = Boolean(o.quick);
  const base = MODES[quick ? 'quick' : 'full'];
  const mode = {
    rounds: positiveNumber('rounds', o.rounds, base.rounds),
    min_ms: positiveNumber('min-ms', o['min-ms'], base.min_ms),
    warmup_ms: positiveNumber('warmup-ms', o['warmup-ms'], base.warmup_ms),
    min_samples: base.min_samples,
    timeout_s: positiveNumber('timeout', o.timeout, base.timeout_s),
    mem_cap_mb: positiveNumber('mem-cap', o['mem-cap'], 4096),
  };
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

  const versions = new Map(runtimes.map((rt) => [rt.id, probeRuntime(rt)]));
  const fp = fingerprint();
  const doc = {
    schema: SCHEMA_ID,
    started: new Date().toISOString(),
    finished: null,
    complete: false,
    command: process.argv.slice(1).map(shellQuote).join(' '),
    options: { ...mode, quick, suites, runtimes: runtimes.map((r) => r.id) },
    fingerprint: fp,
    runtimes: runtimes.map((rt) => {
      const v = versions.get(rt.id);
      return {
        id: rt.id,
        kind: rt.kind,
        bin: displayPath(rt.bin),
        version: v.version ?? null,
        engine: v.engine ?? null,
        engine_version: v.engine_version ?? null,
        flags: rt.flags,
        env: rt.env,
        preload: rt.preload ? displayPath(rt.preload) : null,
        error: v.error ?? null,
      };
    }),
    results: [],
    conformance: [],
  };
  const out = o.out ? resolve(o.out) : resultsPath();
  mkdirSync(dirname(out), { recursive: true });
  const save = () => writeJsonAtomic(out, doc);
  save();

  const jobs = planJobs(workloads, runtimes, mode.rounds, quick);
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
  log(
    `parity: ${jobs.length} jobs (${workloads.length} workload(s) × params × ${runtimes.length} runtime(s) × ${mode.rounds} round(s)) → ${relative(process.cwd(), out)}`,
  );

  const t0 = Date.now();
  for (let i = 0; i < jobs.length && !interrupted; i++) {
    const job = jobs[i];
    const rt = job.runtime;
    const spec = jobSpec(job, mode);
    job.repro = reproCommand(rt, spec);
    job.timeout_s = mode.timeout_s;
    job.mem_cap_bytes = mode.mem_cap_mb * 2 ** 20;
    const eta = i ? ((Date.now() - t0) / i) * (jobs.length - i) : null;
    say.start(i + 1, jobs.length, job, eta);
    let row;
    if (!job.workload.module) {
      row = toRow(job, notRun(job.workload.error, 'load'), null);
    } else if (rt.missing) {
      row = toRow(job, notRun(rt.missing, 'spawn'), null);
    } else {
      const outcome = await runMeasured({
        bin: rt.bin,
        args: commandLine(rt, rt.runner, [JSON.stringify(spec)]),
        env: { ...process.env, ...rt.env },
        cwd: ROOT,
        timeoutMs: mode.timeout_s * 1000,
        memCapBytes: job.mem_cap_bytes,
        onSpawn: (kill) => {
          killCurrent = kill;
        },
      });
      killCurrent = null;
      if (outcome.killed_for === 'interrupted') break; // an interrupted job has no honest result
      row = toRow(job, outcome, versions.get(rt.id));
    }
    doc.results.push(row);
    say.done(i + 1, jobs.length, job, row);
    save();
  }
  say.end();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);

  if (o.conformance && !interrupted) {
    const conf = await runConformance(runtimes, suites, { log });
    doc.conformance = conf.rows;
    if (conf.wpt) doc.wpt = conf.wpt;
    for (const n of conf.notes) log(`parity: ${n}`);
  }
  doc.finished = new Date().toISOString();
  doc.complete = !interrupted;
  if (interrupted) doc.interrupted = true;
  fp.loadavg_end = loadavg();
  save();
  const errors = validateResults(doc);
  if (errors.length) log(`parity: warning: results do not match ${SCHEMA_ID}: ${errors.slice(0, 3).join('; ')}`);

  const analyses = await loadAnalyses(suites, suitesDir);
  // A run that measured conformance shows it beside the speed it qualifies.
  const show = [...splitList(o.show), ...(o.conformance ? ['conformance'] : [])];
  process.stdout.write(`${renderResults(doc, { show, baseline: o.baseline, analyses })}\n`);
  // The run itself keeps one core busy, so the end load is allowed one more than the start.
  if (fp.loadavg_start[0] > fp.cores * 0.5 || fp.loadavg_end[0] > 1 + fp.cores * 0.5) {
    log(
      `parity: warning: the machine was busy (load ${fp.loadavg_start[0]} → ${fp.loadavg_end[0]} on ${fp.cores} cores); compare ratios within this run, not absolute figures`,
    );
  }
  log(
    `parity: results written to ${relative(process.cwd(), out)}${interrupted ? ' (interrupted; finished jobs kept)' : ''}`,
  );
  return interrupted ? 130 : 0;
}

/** `runtimes`: every id with version, engine and binary, or how to install it. */
export function listRuntimes() {
  const registry = loadRegistry();
  const rows = runtimeIds(registry).map((id) => {
    const rt = resolveRuntime(id, registry);
    const v = probeRuntime(rt);
    const engine = v.engine ? `${v.engine} ${v.engine_version}` : '';
    return [id, v.version ?? 'not installed', engine, v.error ? v.error : displayPath(rt.bin), rt.note];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) {
    process.stdout.write(
      `${r
        .map((c, i) => (i < 4 ? c.padEnd(widths[i]) : c))
        .join('  ')
        .trimEnd()}\n`,
    );
  }
  return 0;
}

const HELP = `usage: orchestrate.js <command> [options]
  run       --runtimes "node deno bun" [--suite math] [--workload sin] [--quick] [--rounds N]
            [--timeout S] [--mem-cap MB] [--min-ms MS] [--warmup-ms MS] [--baseline ID] [--show spread,cpu,rss,conformance] [--out FILE] [--suites-dir DIR]
            [--conformance]  (also run the shared checks, and WPT when WPT_DIR is set)
  table     FILE [--show spread,cpu,rss,conformance] [--baseline ID] [--markdown]
  diff      A.json B.json [--markdown]
  runtimes
  validate  FILE...`;

/** CLI entry; returns the process exit code. */
export async function cli(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      runtimes: { type: 'string' },
      suite: { type: 'string' },
      workload: { type: 'string' },
      quick: { type: 'boolean' },
      rounds: { type: 'string' },
      timeout: { type: 'string' },
      'mem-cap': { type: 'string' },
      'min-ms': { type: 'string' },
      'warmup-ms': { type: 'string' },
      baseline: { type: 'string' },
      show: { type: 'string' },
      out: { type: 'string' },
      'suites-dir': { type: 'string' },
      markdown: { type: 'boolean' },
      conformance: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...files] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${HELP}\n`);
    return command || values.help ? 0 : 2;
  }
  switch (command) {
    case 'run':
    case 'compare':
      return run(values);
    case 'runtimes':
      return listRuntimes();
    case 'table': {
      if (files.length !== 1)
        throw new UsageError('table needs exactly one results file, e.g. FILE=results/20261122T061500Z-host.json');
      const doc = readResults(files[0]);
      // Suites are named by the file, so only those still present here can add their tables.
      const known = listSuites();
      const suites = [...new Set(doc.results.map((r) => r.suite))].filter((x) => known.includes(x));
      const opts = { show: splitList(values.show), baseline: values.baseline, markdown: values.markdown };
      process.stdout.write(`${renderResults(doc, { ...opts, analyses: await loadAnalyses(suites) })}\n`);
      return 0;
    }
    case 'diff': {
      if (files.length !== 2)
        throw new UsageError('diff needs two results files: A=results/old.json B=results/new.json');
      const [a, b] = files.map(readResults);
      process.stdout.write(`${renderDiff(a, b, { markdown: values.markdown })}\n`);
      return 0;
    }
    case 'validate': {
      if (!files.length) throw new UsageError('validate needs one or more results files');
      for (const f of files) {
        readResults(f);
        process.stdout.write(`${f}: valid ${SCHEMA_ID}\n`);
      }
      return 0;
    }
    default:
      throw new UsageError(
        `Unknown command "${command}": valid commands are run, compare, table, diff, runtimes, validate`,
      );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = await cli(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`parity: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
}
