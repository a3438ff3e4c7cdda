// One-off cross-check of the start-up suite against independent tools, in one sitting:
// for every workload × runtime, parity's process job (lib/run/shapes/process/job.js, the code a run uses:
// its launcher, lib/run/shapes/process/starts.py), hyperfine on the same command (the same argv, cwd and
// file), and GNU time's %M for the peak RSS that parity reads from wait4 in its launcher. The starts
// of a cell are taken in CHUNKS turns of each timer, the order rotated every turn, so that a change
// in the machine's load (it is shared) falls on both alike; each timer's median is over all its
// starts. Prints a markdown table; docs/startup.md keeps one. Pin it to one core so that both
// timers and every start share it (taskset's affinity is inherited):
//
//   taskset -c 0 node tools/startup-crosscheck.js [runtimes=node,deno,bun] [starts=20] [turns=4] [out.json]
//
// With out.json it also keeps every start's time from both timers, the machine's fingerprint and
// parity's commit (results/published/startup-crosscheck.json is the one docs/startup-crosscheck.md quotes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../lib/measure/stats/stats.js';
import { paramSets } from '../lib/measure/workload.js';
import { loadWorkloads } from '../lib/results/discover.js';
import { writeToolRecord } from '../lib/results/file.js';
import { runProcessJob } from '../lib/run/shapes/process/job.js';
import { shellQuote } from '../lib/runtimes/drivers/process.js';
import { GNU_TIME } from '../lib/runtimes/outside.js';
import { resolveRuntime, scriptLine } from '../lib/runtimes/registry.js';

const ids = (process.argv[2] ?? 'node,deno,bun').split(',');
const starts = Number(process.argv[3] ?? 20);
if (!Number.isInteger(starts) || starts < 3) throw new Error(`starts must be an integer ≥ 3, got ${process.argv[3]}`);
const dir = mkdtempSync(join(tmpdir(), 'parity-crosscheck-'));
const cwd = mkdtempSync(join(tmpdir(), 'parity-crosscheck-cwd-'));

/** hyperfine's times (ms) of `argv` run `n` times after 2 warm-ups, output through a pipe as parity reads it. */
function hyperfine(argv, n) {
  const out = join(dir, 'hf.json');
  const cmd = argv.map(shellQuote).join(' ');
  const h = spawnSync(
    '/usr/bin/hyperfine',
    ['-N', '--warmup', '2', '--runs', String(n), '--output=pipe', '--style', 'none', '--export-json', out, cmd],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (h.status !== 0) throw new Error(`hyperfine failed on ${cmd}: ${h.stderr.trim().split('\n').at(-1)}`);
  return JSON.parse(readFileSync(out, 'utf8')).results[0].times.map((t) => t * 1e3);
}

/** Median peak RSS (bytes) of 5 runs of `argv`, each read by GNU time (%M, KiB). */
function gnuTimeRss(argv) {
  const kib = Array.from({ length: 5 }, () => {
    const r = spawnSync(GNU_TIME, ['-f', '%M', ...argv], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (r.status !== 0) throw new Error(`GNU time failed on ${argv.join(' ')}: ${r.stderr.trim()}`);
    return Number(r.stderr.trim().split('\n').at(-1));
  });
  return median(kib) * 1024;
}

/** Turns per cell: each timer runs starts ÷ CHUNKS starts per turn (more turns: finer interleaving). */
const CHUNKS = Number(process.argv[4] ?? 4);

const pct = (a, b) => (Number.isNaN(a) ? '—' : `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)}%`);
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mb = (b) => (Number.isNaN(b) ? '—' : (b / 1e6).toFixed(1));

// A server's start (http-first-200) never exits: hyperfine has nothing to time; a second isolate
// is unsupported on every kind (suites/startup/second-isolate.js): nothing runs to time.
const workloads = (await loadWorkloads(['startup'])).filter((w) => !w.module?.server && !w.module?.second_isolate);
// The floor: /usr/bin/true started the way each timer starts a runtime (parity: its launcher's
// posix_spawn; hyperfine: its own), so what each adds to every start is in the table too.
const TRUE = '/usr/bin/true';
const floor = {
  id: 'startup/(floor: /usr/bin/true)',
  name: 'floor',
  module: { command: () => ({ script: 'x' }), verify() {} },
};
workloads.unshift(/** @type {any} */ (floor));
const ctx = { version: null, limits: { timeout_s: 300, mem_cap_bytes: 4 * 2 ** 30 } };
const rows = [];
/** @type {any[]} every cell's raw figures, for out.json */
const cells = [];
const OUT = process.argv[5];
const started = new Date().toISOString();
const load0 = loadavg()[0];
let cell = 0;
try {
  for (const w of workloads) {
    const params = w === floor ? {} : paramSets(w.module, true)[0];
    for (const id of ids) {
      if (w === floor && id !== ids[0]) continue;
      const base = resolveRuntime(id);
      const rt =
        w === floor ? { ...base, id: 'true', bin: TRUE, flags: [], script: { ...base.script, args: [] } } : base;
      const cmd = await w.module.command(params, { dir });
      const argv = [rt.bin, .../** @type {string[]} */ (scriptLine(rt, cmd.script, cmd.args ?? []))];
      const per = Math.max(3, Math.round(starts / CHUNKS));
      /** @type {Record<string, () => Promise<number[]>>} */
      const timers = {
        parity: async () => {
          const job = { runtime: rt, workload: { suite: 'startup', name: w.name, module: w.module }, params, round: 1 };
          const row = await runProcessJob(job, { starts: per, inputs_dir: dir }, ctx);
          if (row?.status !== 'ok') throw new Error(`parity ${id} ${w.id}: ${row?.status} ${row?.error}`);
          // Absent where a start peaks below the launcher's own memory (/usr/bin/true): NaN prints "—".
          rss.push(row.metrics.rss_per_start_bytes?.value ?? Number.NaN);
          return row.samples_ns.map((t) => t / 1e6);
        },
        hyperfine: async () => hyperfine(argv, per),
      };
      /** @type {number[]} */
      const rss = [];
      const order = Object.keys(timers);
      /** @type {Record<string, number[]>} */
      const got = { parity: [], hyperfine: [] };
      for (let turn = 0; turn < CHUNKS; turn++) {
        for (let k = 0; k < order.length; k++) {
          const name = order[(k + turn + cell) % order.length];
          got[name].push(...(await timers[name]()));
        }
      }
      cell++;
      const [p, hf] = [median(got.parity), median(got.hyperfine)];
      const rssP = median(rss);
      const rssG = gnuTimeRss(argv);
      cells.push({
        workload: w.id,
        runtime: rt.id,
        argv,
        parity_ms: got.parity,
        hyperfine_ms: got.hyperfine,
        parity_median_ms: p,
        hyperfine_median_ms: hf,
        parity_rss_bytes: Number.isNaN(rssP) ? null : rssP,
        gnu_time_rss_bytes: rssG,
      });
      rows.push(
        `| ${w.id} | ${rt.id} | ${ms(p)} | ${ms(hf)} | ${pct(p, hf)} | ${mb(rssP)} | ${mb(rssG)} | ${pct(rssP, rssG)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
}
if (OUT)
  writeToolRecord(
    OUT,
    { tool: 'tools/startup-crosscheck.js', command: `taskset -c 0 node ${process.argv.slice(1).join(' ')}`, started },
    {
      loadavg: [load0, loadavg()[0]],
      turns: CHUNKS,
      starts_per_turn: Math.max(3, Math.round(starts / CHUNKS)),
      cells,
    },
    ids.map((id) => resolveRuntime(id)),
  );
console.log(
  `${CHUNKS} turns of ${Math.max(3, Math.round(starts / CHUNKS))} starts per timer and cell; load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n\n| workload | runtime | parity median ms | hyperfine median ms | parity vs hyperfine | parity peak RSS MB (wait4, median) | GNU time %M MB (median of 5) | RSS Δ |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n${rows.join('\n')}`,
);
