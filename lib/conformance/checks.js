// Shared checks as conformance rows: run lib/conformance/checks-collect.js under each runtime (fresh
// process), judge each check against that runtime's expectations (key check:<suite>).
import { join } from 'node:path';
import { preloadUrl } from '../measure/preload.js';
import { ROOT } from '../paths.js';
import { driverFor } from '../runtimes/drivers/index.js';
import { spawnJsonLines } from '../runtimes/proc.js';
import { commandLine } from '../runtimes/registry.js';
import { loadChecks } from './checks-load.js';
import { expectationFor } from './expectations.js';

/** The collector script every runtime runs. */
export const COLLECTOR = join(ROOT, 'lib', 'conformance', 'checks-collect.js');

/**
 * Run all checks in one fresh process of `rt`; resolves to the raw per-check results plus how the process ended.
 * @returns {Promise<{results: Array<{suite: string, id: string, ok: boolean, error: string | null, ms: number}>, code: number | null, signal: string | null, stderr: string, unsupported?: Record<string, string>}>}
 */
export async function collectChecks(rt, { timeoutMs = 120_000 } = {}) {
  // A kind whose runtime runs no collector process (workerd) has its driver's way.
  const own = driverFor(rt).checks;
  if (own) return own(rt, [...new Set((await loadChecks()).map((c) => c.suite))], { timeoutMs });
  const preload = preloadUrl(rt);
  const r = await spawnJsonLines({
    bin: rt.bin,
    argsFor: (out) => commandLine(rt, COLLECTOR, preload ? [out, preload] : [out]),
    cwd: ROOT,
    env: { ...process.env, ...rt.env, PARITY_RUNTIME: rt.id },
    timeoutMs,
  });
  const stderr = r.spawnError ? r.spawnError.message : r.stderr.trim().split('\n').slice(-3).join(' | ');
  return { results: r.lines, code: r.code, signal: r.signal, stderr };
}

/**
 * Conformance rows (source 'check') for one runtime's collected results.
 * A run that died before reporting every check yields an `error` row for the collector.
 */
export function checkRows(runtimeId, collected, expectations, allChecks) {
  const rows = [];
  for (const r of collected.results) {
    const exp = expectationFor(expectations, `check:${r.suite}`);
    const expected = exp.expected.has(r.id) || exp.flaky.has(r.id);
    let status;
    if (r.ok) status = exp.expected.has(r.id) ? 'unexpected-pass' : 'pass';
    else status = expected ? 'expected-fail' : 'fail';
    const name = `${r.suite}/${r.id}`;
    const detail = r.ok ? null : String(r.error).split('\n')[0].slice(0, 500);
    rows.push({ runtime: runtimeId, suite: r.suite, source: 'check', name, folder: name, check: r.id, status, detail });
  }
  const seen = new Set(rows.map((r) => r.name));
  for (const c of allChecks) {
    // A suite the kind cannot run is not a failure; the run lists it with why (notUnsupported).
    if (seen.has(c.name) || Object.hasOwn(collected.unsupported ?? {}, c.suite)) continue;
    const how = collected.signal ? `killed (${collected.signal})` : `exited with code ${collected.code}`;
    rows.push({
      runtime: runtimeId,
      suite: c.suite,
      source: 'check',
      name: c.name,
      folder: c.name,
      check: c.id,
      status: 'error',
      detail: `Collector ${how} before this check reported${collected.stderr ? `: ${collected.stderr}` : ''}`,
    });
  }
  return rows;
}

/** One line per suite a runtime's kind could not run, with why ("checks math not run on workerd: …"). */
export function unsupportedLines(runtimeId, collected) {
  return Object.entries(collected.unsupported ?? {}).map(
    ([suite, why]) => `checks ${suite} not run on ${runtimeId}: ${why}`,
  );
}
