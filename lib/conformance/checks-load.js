// Loads the shared checks and judges them against a runtime's expectations. Used unchanged by the
// node:test, bun:test and Deno.test adapters (runners/<kind>/checks.<kind>.test.js) and by the collector, so a check has
// one source and one meaning everywhere.
import { readdirSync } from 'node:fs';
import { runCheck } from './check-run.js';
import { effectiveExpectations, expectationFor } from './expectations.js';

const HERE = new URL('../../conformance/checks/', import.meta.url);

/**
 * Every check: files in this folder not starting with _ and not ending in .test.js; the file
 * name is the suite.
 * @returns {Promise<Array<{suite: string, id: string, name: string, fn: () => unknown}>>}
 */
export async function loadChecks() {
  const files = readdirSync(HERE)
    .filter((f) => f.endsWith('.js') && !f.startsWith('_') && !f.endsWith('.test.js'))
    .sort();
  const checks = [];
  for (const file of files) {
    const suite = file.slice(0, -3);
    const mod = await import(new URL(file, HERE).href);
    for (const c of mod.default) checks.push({ suite, id: c.id, name: `${suite}/${c.id}`, fn: c.fn });
  }
  return checks;
}

/**
 * The reason a check is expected to fail on a runtime, or null: key `check:<suite>` of the
 * runtime's effective expectations (its own file plus, for a variant, its base's), the same
 * lookup WPT uses, so a check is judged one way by every runner.
 */
export function expectedFailure(runtimeId, check) {
  const exp = expectationFor(effectiveExpectations(runtimeId), `check:${check.suite}`);
  if (exp.skip) return `skip: ${exp.skip}`;
  if (exp.expected.has(check.id) || exp.flaky.has(check.id)) return exp.note ?? 'expected to fail';
  return null;
}

export { runCheck };

/**
 * A test body for a runtime's own test runner: a normal check must pass; an expected failure
 * must fail (and then passes the test), and an unexpected pass fails so stale entries get removed.
 */
export function asTest(runtimeId, check) {
  const reason = expectedFailure(runtimeId, check);
  const flaky = expectationFor(effectiveExpectations(runtimeId), `check:${check.suite}`).flaky.has(check.id);
  return async () => {
    const { ok, error } = await runCheck(check);
    if (reason === null && !ok) throw new Error(error ?? 'check failed');
    if (reason !== null && ok && !flaky) {
      throw new Error(
        `Unexpected pass of ${check.name} on ${runtimeId}: remove it from conformance/expectations/${runtimeId}.json (reason was: ${reason})`,
      );
    }
  };
}
