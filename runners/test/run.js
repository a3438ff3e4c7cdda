// Runs the shared checks under each runtime and writes them as conformance rows:
//   node runners/test/run.js [--runtime "node deno bun"] [--markdown] [--no-write]
import { parseArgs } from 'node:util';
import { loadChecks } from '../../conformance/checks/_load.js';
import { checkRows, collectChecks } from '../../lib/conformance-checks.js';
import { writeConformanceResults } from '../../lib/conformance-results.js';
import { conformanceTable, crossRuntimeDiff, formatDiff } from '../../lib/conformance-table.js';
import { displayPath, probeRuntime, resolveRuntime, splitList } from '../../lib/registry.js';
import { effectiveExpectations } from '../../lib/wpt-expectations.js';

const { values } = parseArgs({
  options: {
    runtime: { type: 'string', default: 'node deno bun' },
    markdown: { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
// How each runtime's own test runner runs the shared checks: the one-line repro for a failure.
const ADAPTER = {
  node: '--test runners/test/checks.node.test.js',
  deno: 'test -A runners/test/checks.deno.test.js',
  bun: 'test ./runners/test/checks.bun.test.js',
};
try {
  const ids = splitList(values.runtime);
  const runtimes = ids.map((id) => resolveRuntime(id));
  for (const rt of runtimes) if (rt.missing) throw new Error(`Runtime "${rt.id}" is not installed: ${rt.missing}`);
  const started = new Date().toISOString();
  const all = await loadChecks();
  const rows = [];
  for (const rt of runtimes) {
    const collected = await collectChecks(rt);
    const mine = checkRows(rt.id, collected, effectiveExpectations(rt.id), all);
    rows.push(...mine);
    for (const r of mine) {
      if (r.status === 'pass' || r.status === 'expected-fail') continue;
      console.log(`${r.status.toUpperCase()} ${rt.id} ${r.name}${r.detail ? `: ${r.detail.slice(0, 300)}` : ''}`);
      if (r.status === 'unexpected-pass')
        console.log(`  remove it from conformance/expectations/${rt.id}.json (key check:${r.suite})`);
      else console.log(`  Command: PARITY_RUNTIME=${rt.id} ${displayPath(rt.bin)} ${ADAPTER[rt.kind]}`);
    }
  }
  console.log(conformanceTable(rows, { markdown: values.markdown, runtimes: ids }));
  if (ids.length > 1) console.log(`\n${formatDiff(crossRuntimeDiff(rows))}`);
  if (!values['no-write']) {
    const info = runtimes.map((rt) => ({ id: rt.id, kind: rt.kind, bin: displayPath(rt.bin), ...probeRuntime(rt) }));
    const file = writeConformanceResults({
      started,
      command: `runners/test/run.js ${process.argv.slice(2).join(' ')}`,
      runtimes: info,
      conformance: rows,
    });
    console.log(`wrote ${displayPath(file)}`);
  }
  process.exitCode = rows.some((r) => ['fail', 'timeout', 'error'].includes(r.status)) ? 1 : 0;
} catch (e) {
  console.error(e.message);
  process.exitCode = 2;
}
