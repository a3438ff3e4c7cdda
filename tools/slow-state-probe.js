// The slow-state probe: whose slow processes are they, the host's or the runtime's? Runs N fresh
// processes per runtime (order rotated each time, so every runtime meets the host's slow spells
// alike) of tools/slow-state/child.js: a fixed calibration (Σ sqrt(i)·sin(i), the same code on
// every runtime), the workload, the calibration again. Per runtime it prints how many processes
// ran the workload slow and how many of those the calibration saw (lib/measure/calibration.js
// slowStates). Seen: the host's slow state, which a calibration can catch and a fresh process
// replace. Unseen: the runtime's own (a JIT or GC state), a finding to report, not noise to drop.
// Its figures mean something only on a quiet machine (nothing else running).
//
//   node tools/slow-state-probe.js --workload math/pow [--params range=mixed] [--runtimes node,deno,bun]
//     [--processes 40] [--ms 300] [--out probe.json] [--rows]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { slowStates } from '../lib/measure/calibration.js';
import { loadavg } from '../lib/measure/fingerprint.js';
import { paramSets } from '../lib/measure/workload.js';
import { ROOT } from '../lib/paths.js';
import { writeToolRecord } from '../lib/results/file.js';
import { resolveRuntime, scriptLine } from '../lib/runtimes/registry.js';

const CHILD = join(ROOT, 'tools', 'slow-state', 'child.js');

/** Fail with one line and exit code 2. @param {string} message @returns {never} */
function usage(message) {
  console.error(`slow-state-probe: ${message}`);
  process.exit(2);
}

/** A whole number option within [min, max]. */
function count(text, name, min, max) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    usage(`Invalid --${name} "${text}": expected a whole number from ${min} to ${max}`);
  return n;
}

/** "k=v,k2=v2" → params, numbers where they read as numbers. */
function paramsOf(text) {
  if (!text) return null;
  return Object.fromEntries(
    text.split(',').map((kv) => {
      const [k, v] = kv.split('=');
      if (!k || v === undefined) usage(`Invalid --params "${text}": expected key=value[,key=value], e.g. range=mixed`);
      return [k, Number.isFinite(Number(v)) && v !== '' ? Number(v) : v];
    }),
  );
}

/** One process of one runtime: its calibration and workload speeds, or why it has none. */
function probeOnce(rt, job, timeoutMs) {
  const argv = scriptLine(rt, CHILD, [JSON.stringify(job)]);
  if (!argv) return { status: 'error', error: rt.script.unsupported };
  const r = spawnSync(rt.bin, argv, { encoding: 'utf8', timeout: timeoutMs, env: { ...process.env, ...rt.env } });
  if (r.error || r.signal)
    return { status: r.signal ? 'timeout' : 'error', error: String(r.error?.message ?? r.signal) };
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    return { status: 'crash', error: `exit ${r.status}: ${(r.stderr || line).trim().split('\n').at(-1)}` };
  }
}

const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const si = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(1)}M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)}k` : x.toFixed(0));

async function main() {
  const { values: o } = parseArgs({
    options: {
      workload: { type: 'string' },
      params: { type: 'string' },
      runtimes: { type: 'string', default: 'node,deno,bun' },
      processes: { type: 'string', default: '40' },
      ms: { type: 'string', default: '300' },
      out: { type: 'string' },
      rows: { type: 'boolean', default: false },
    },
  });
  if (!o.workload || !/^[\w-]+\/[\w-]+$/.test(o.workload))
    usage(`Invalid --workload "${o.workload ?? ''}": expected <suite>/<name>, e.g. math/pow`);
  const n = count(o.processes, 'processes', 2, 10_000);
  const ms = count(o.ms, 'ms', 20, 10_000);
  const file = join(ROOT, 'suites', `${o.workload}.js`);
  const url = pathToFileURL(file).href;
  const w = (await import(url).catch(() => usage(`No workload ${o.workload}: expected a file suites/${o.workload}.js`)))
    .default;
  const params = paramsOf(o.params) ?? paramSets(w, true)[0];
  const runtimes = o.runtimes.split(',').map((id) => {
    try {
      const rt = resolveRuntime(id);
      if (rt.missing) usage(`Runtime ${id} is not usable here: ${rt.missing}`);
      return rt;
    } catch (e) {
      return usage(/** @type {Error} */ (e).message);
    }
  });
  const job = { workload: url, params, ms };
  const started = new Date().toISOString();
  const load_start = loadavg();
  const processes = [];
  const failed = [];
  for (let i = 0; i < n; i++) {
    // A B C, B C A, C A B: no runtime always runs first after a pause.
    const order = runtimes.map((_, k) => runtimes[(i + k) % runtimes.length]);
    for (const rt of order) {
      const r = probeOnce(rt, job, Math.max(60_000, 20 * ms));
      if (r.status === 'ok')
        processes.push({ runtime: rt.id, index: i + 1, calibration: Math.min(...r.calibration), work: r.work, raw: r });
      else failed.push({ runtime: rt.id, index: i + 1, status: r.status, error: r.error });
    }
    if (process.stderr.isTTY) process.stderr.write(`\rslow-state-probe: ${i + 1}/${n} rounds`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const report = slowStates(processes);
  print(o.workload, params, report, failed, o.rows);
  // A record a kept file can be: the command, the machine and parity's commit (writeToolRecord).
  if (o.out)
    writeToolRecord(
      o.out,
      {
        tool: 'tools/slow-state-probe.js',
        command: `node ${process.argv.slice(1).join(' ')}`,
        started,
        workload: o.workload,
        params,
        ms,
        loadavg: { start: load_start, end: loadavg() },
      },
      { processes, failed, report },
      runtimes,
    );
}

/** The per-runtime summary, then (with --rows) every process. */
function print(workload, params, report, failed, rows) {
  const p = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(
    `${workload}${p ? ` ${p}` : ''}: fresh processes, each the calibration, the workload, the calibration again`,
  );
  console.log('');
  console.log(
    '| runtime | processes | workload median | calibration median | slow in the workload (bar) | seen by the calibration | unseen | calibration slow only (bar) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of report) {
    console.log(
      `| ${r.runtime} | ${r.processes} | ${si(r.work_median)}/s | ${si(r.calibration_median)}/s | ${r.slow.length} (−${(r.work_bar * 100).toFixed(0)}%) | ${r.seen.length} | ${r.unseen.length} | ${r.calibrationOnly.length} (−${(r.calibration_bar * 100).toFixed(0)}%) |`,
    );
  }
  for (const f of failed) console.log(`${f.runtime} process ${f.index}: ${f.status}: ${f.error}`);
  if (!rows) return;
  console.log('');
  console.log('| runtime | process | workload vs median | calibration vs median |');
  console.log('|---|---|---|---|');
  for (const r of report)
    for (const x of r.rows)
      console.log(`| ${r.runtime} | ${x.index} | ${pct(x.work_dev)} | ${pct(x.calibration_dev)} |`);
}

await main();
