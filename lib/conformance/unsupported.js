// The perf jobs that may be `unsupported`, as data (conformance/unsupported.json): a row that is
// unsupported for any other runtime, workload or reason is a failure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths.js';
import { loadRegistry } from '../runtimes/registry.js';

export const UNSUPPORTED_FILE = join(ROOT, 'conformance', 'unsupported.json');

/**
 * @typedef {{kind: string, workload: string, reason: string, why: string}} ExpectedUnsupported
 * @returns {ExpectedUnsupported[]}
 */
export function loadUnsupported(file = UNSUPPORTED_FILE) {
  return JSON.parse(readFileSync(file, 'utf8')).expected;
}

/** A runtime id's kind: its own, or its variant base's. */
function kindOf(id, registry) {
  const base = registry.variants[id]?.base ?? id;
  return registry.runtimes[base]?.kind ?? null;
}

/**
 * The unsupported rows no entry expects, as one line each.
 * @param {any[]} rows result rows
 * @param {ExpectedUnsupported[]} [expected]
 * @param {any} [registry]
 */
export function unexpectedUnsupported(rows, expected = loadUnsupported(), registry = loadRegistry()) {
  const matches = (e, r) => {
    const kind = kindOf(r.runtime, registry);
    const workload = `${r.suite}/${r.workload}`;
    return (
      (e.kind === '*' || e.kind === kind) &&
      (e.workload === workload || (e.workload.endsWith('/*') && workload.startsWith(e.workload.slice(0, -1)))) &&
      new RegExp(e.reason, 'i').test(r.error ?? '')
    );
  };
  return rows
    .filter((r) => r.status === 'unsupported' && !expected.some((e) => matches(e, r)))
    .map((r) => `${r.runtime} ${r.suite}/${r.workload} ${JSON.stringify(r.params ?? {})}: ${r.error}`);
}
