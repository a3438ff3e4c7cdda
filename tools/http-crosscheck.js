// One-off cross-check of a kept HTTP run against wrk and oha run by hand, right after
// it, in the same sitting: for each runtime in FILE, its suite server is started outside parity
// (the kind's server entry, through the same driver seam a run uses), pinned to core 1, warmed
// with 1 s of wrk, then
//   - for a closed-loop json-small row at c connections: `wrk -t1 -cC -d5s` on core 0, req/s;
//   - for an open-loop row: oha at each offered rate of the row's curve (the median over rounds),
//     5 s each, --latency-correction, 64 connections, on core 0: p50 and p99 against the kept
//     points' (median and range over rounds).
// Prints a markdown table; with out.json keeps every figure, the fingerprint and the commit.
//
//   node tools/http-crosscheck.js FILE [out.json]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../lib/measure/stats/stats.js';
import { ROOT } from '../lib/paths.js';
import { writeToolRecord } from '../lib/results/file.js';
import { ohaBin, parseOha, parseWrk, requestFiles, wrkBin } from '../lib/run/shapes/server/generators.js';
import { firstOk } from '../lib/run/shapes/server/start.js';
import { OPEN_CONNECTIONS } from '../lib/run/shapes/server/timed.js';
import { driverFor } from '../lib/runtimes/drivers/index.js';
import { resolveRuntime } from '../lib/runtimes/registry.js';

const [file, out] = process.argv.slice(2);
if (!file) {
  console.error('usage: node tools/http-crosscheck.js FILE [out.json]');
  process.exit(2);
}
const doc = JSON.parse(readFileSync(file, 'utf8'));
const rows = doc.results.filter(
  (r) =>
    r.status === 'ok' &&
    r.suite === 'http' &&
    ((r.workload === 'open-loop' && r.params.route === 'json-small') || r.workload === 'json-small'),
);
if (rows.length === 0) {
  console.error(`http-crosscheck: ${file} has no ok json-small row (closed, or open-loop route=json-small)`);
  process.exit(1);
}
const SERVED = join(ROOT, 'suites/http/_server.js');
const run = (bin, args) => {
  const r = spawnSync('taskset', ['-c', '0', bin, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')}: exit ${r.status}: ${r.stderr.trim()}`);
  return r.stdout;
};
const url = (port, path) => `http://127.0.0.1:${port}${path}`;
// wrk's script as a run writes it (its PARITY_WRK summary line); a plain GET.
const files = requestFiles({ method: 'GET', headers: {} });
const wrk = (port, c, s) => {
  const r = parseWrk(
    run(/** @type {string} */ (wrkBin()), ['-t1', `-c${c}`, `-d${s}s`, '-s', files.lua, url(port, '/json-small')]),
  );
  if (!r.ok) throw new Error(`wrk: ${r.error}`);
  return r;
};
const oha = (port, rate) => {
  const r = parseOha(
    run(/** @type {string} */ (ohaBin()), [
      ...['--no-tui', '--output-format', 'json', '--latency-correction', '-w', '-z', '5000ms'],
      ...['-q', String(rate), '-c', String(OPEN_CONNECTIONS), url(port, '/json-small')],
    ]),
  );
  if (!r.ok || !r.ttlb_ms) throw new Error(`oha: ${r.error}`);
  return { requests: r.requests, rps: r.rps, p50_ms: Number(r.ttlb_ms.p50), p99_ms: Number(r.ttlb_ms.p99) };
};
const range = (xs) => (xs.length ? `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}` : '—');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '—');

const started = new Date().toISOString();
const table = [];
const kept = [];
for (const id of [...new Set(rows.map((r) => r.runtime))]) {
  const rt = resolveRuntime(id);
  const driver = /** @type {any} */ (driverFor(rt));
  const launch = await driver.server({ runtime: rt }, { module: SERVED, node_env: '(unset)' });
  if (launch.unsupported) throw new Error(`${id}: ${launch.unsupported}`);
  const child = spawn('taskset', ['-c', '1', launch.bin, ...launch.args], { cwd: launch.cwd, stdio: 'ignore' });
  const gone = { ended: false };
  child.on('exit', () => {
    gone.ended = true;
  });
  try {
    const port = await launch.port(child, 30_000, gone);
    await firstOk(port, performance.now() + 30_000, gone);
    wrk(port, 8, 1);
    for (const r of rows.filter((x) => x.runtime === id && x.workload === 'json-small')) {
      const c = Number(r.params.concurrency ?? 8);
      const all = rows.filter(
        (x) => x.runtime === id && x.workload === 'json-small' && x.params.concurrency === r.params.concurrency,
      );
      if (all[0] !== r) continue;
      const keptRps = all.map((x) => x.metrics.requests_per_s.value);
      const hand = Number(wrk(port, c, 5).rps);
      kept.push({ runtime: id, loop: 'closed', concurrency: c, kept_rps: keptRps, hand_rps: hand });
      table.push(
        `| ${id} | closed c=${c} | — | ${Math.round(median(keptRps))} (${keptRps.map(Math.round).join(', ')}) req/s | ${Math.round(hand)} req/s | ${((hand / median(keptRps) - 1) * 100).toFixed(0)}% |`,
      );
    }
    const open = rows.filter((x) => x.runtime === id && x.workload === 'open-loop');
    const points = open[0]?.report.curve.length ?? 0;
    for (let i = 0; i < points; i++) {
      const at = open.map((x) => x.report.curve[i]).filter((p) => p && !p.error);
      const rate = Math.round(median(at.map((p) => p.offered)));
      const p50s = at.map((p) => p.p50_ms);
      const p99s = at.map((p) => p.p99_ms).filter(Number.isFinite);
      const hand = oha(port, rate);
      kept.push({ runtime: id, loop: 'open', rate, kept_p50_ms: p50s, kept_p99_ms: p99s, hand });
      const inside = p99s.length && hand.p99_ms >= Math.min(...p99s) && hand.p99_ms <= Math.max(...p99s);
      table.push(
        `| ${id} | open ${rate} req/s | p50 ${f2(median(p50s))} (${range(p50s)}) · p99 ${f2(median(p99s))} (${range(p99s)}) ms | ` +
          `— | p50 ${f2(hand.p50_ms)} · p99 ${f2(hand.p99_ms)} ms | p99 ${inside ? 'within' : 'outside'} the rounds' range |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    launch.cleanup?.();
  }
}
files.cleanup();
console.log('| runtime | load | kept open loop: median (range over rounds) | kept closed | by hand | agreement |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(table.join('\n'));
if (out)
  writeToolRecord(
    out,
    { tool: 'tools/http-crosscheck.js', command: `node ${process.argv.slice(1).join(' ')}`, file, started },
    { checks: kept },
  );
