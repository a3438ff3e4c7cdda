// The checks commands of cli.js's one table: the shared checks under each runtime as conformance
// rows (make checks), and each kind's own test runner over them (checks-adapters, in make test).

import { spawnSync } from 'node:child_process';
import { checkRows, collectChecks, unsupportedLines } from '../../conformance/checks.js';
import { loadChecks } from '../../conformance/checks-load.js';
import { effectiveExpectations } from '../../conformance/expectations.js';
import { writeConformanceResults } from '../../conformance/results.js';
import { displayPath, ROOT, splitList } from '../../paths.js';
import { conformanceTable, crossRuntimeDiff } from '../../report/model/conformance.js';
import { formatDiff } from '../../report/text/conformance.js';
import { printFormat, printTable } from '../../report/text/print.js';
import { provenance, runtimeInfo } from '../../results/file.js';
import { UNEXPECTED } from '../../results/status.js';
import { probeRuntime } from '../../runtimes/drivers/index.js';
import { invocation } from '../../runtimes/drivers/process.js';
import { kindRepresentatives, loadRegistry, resolveRuntime } from '../../runtimes/registry.js';
import { DEFAULT_RUNTIMES } from '../options.js';

/** The argv that runs a runtime's own test runner over its kind's checks adapter. */
export function adapterArgs(rt) {
  if (!rt.checks) return null;
  return rt.checks.args.map((a) => a.replace('{file}', displayPath(rt.checks.file)));
}

/** Every kind's own test runner over the shared checks, on the first runtime of each kind (make test). */
function runAdapters(o) {
  const ids = splitList(o.runtimes);
  const registry = loadRegistry();
  const chosen = ids.length
    ? ids.map((id) => resolveRuntime(id, registry))
    : kindRepresentatives(registry).map((id) => resolveRuntime(id, registry));
  let failed = 0;
  for (const rt of chosen) {
    const args = adapterArgs(rt);
    if (!args) {
      console.log(`checks: kind ${rt.kind} has no test-runner adapter; its checks run through the collector only`);
      continue;
    }
    if (rt.missing) throw new Error(`Runtime "${rt.id}" is not installed: ${rt.missing}`);
    console.log(`checks: ${displayPath(rt.bin)} ${args.join(' ')}`);
    const r = spawnSync(rt.bin, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...rt.env, PARITY_RUNTIME: rt.id },
    });
    if (r.status !== 0) failed++;
  }
  return failed ? 1 : 0;
}

/** The shared checks on each runtime as conformance rows; exit 1 on an unexpected failure. */
async function checks(values) {
  const ids = splitList(values.runtimes || DEFAULT_RUNTIMES);
  const runtimes = ids.map((id) => resolveRuntime(id));
  for (const rt of runtimes) if (rt.missing) throw new Error(`Runtime "${rt.id}" is not installed: ${rt.missing}`);
  const started = new Date().toISOString();
  // The commit the run starts from: a commit made while it runs is not what ran.
  const atStart = provenance();
  const all = await loadChecks();
  const rows = [];
  for (const rt of runtimes) {
    const collected = await collectChecks(rt);
    const mine = checkRows(rt.id, collected, effectiveExpectations(rt.id), all);
    rows.push(...mine);
    for (const l of unsupportedLines(rt.id, collected)) console.log(l);
    for (const r of mine) {
      if (r.status === 'pass' || r.status === 'expected-fail') continue;
      console.log(`${r.status.toUpperCase()} ${rt.id} ${r.name}${r.detail ? `: ${r.detail.slice(0, 300)}` : ''}`);
      if (r.status === 'unexpected-pass')
        console.log(`  remove it from conformance/expectations/${rt.id}.json (key check:${r.suite})`);
      else if (adapterArgs(rt))
        console.log(`  Command: PARITY_RUNTIME=${rt.id} ${displayPath(rt.bin)} ${adapterArgs(rt)?.join(' ')}`);
    }
  }
  console.log(printTable(conformanceTable(rows, { runtimes: ids }), { format: printFormat(values) }));
  if (ids.length > 1) console.log(`\n${formatDiff(crossRuntimeDiff(rows))}`);
  if (!values['no-write']) {
    const file = writeConformanceResults({
      started,
      provenance: atStart,
      command: invocation(),
      runtimes: runtimes.map((rt) => runtimeInfo(rt, probeRuntime(rt))),
      conformance: rows,
    });
    console.log(`wrote ${displayPath(file)}`);
  }
  return rows.some((r) => UNEXPECTED.has(r.status)) ? 1 : 0;
}

/** @type {Record<string, import('../options.js').Command>} */
export const CHECKS_COMMANDS = {
  checks: {
    summary: 'the shared checks on the runtimes as conformance rows; exit 1 on an unexpected failure',
    options: ['runtimes', 'markdown', 'no-write'],
    run: checks,
  },
  'checks-adapters': {
    summary: "each kind's own test runner (node --test, deno test, bun test) over the shared checks",
    options: ['runtimes'],
    run: runAdapters,
  },
};
