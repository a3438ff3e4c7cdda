// Conformance statuses that fail a run, and a runtime's counts over conformance rows. The statuses a conformance row may have are listed once,
// in the results schema (schema/results.schema.json, conformance[].status).

/** Statuses that mean the runtime did worse than its expectations say: they fail make wpt / make checks. */
export const UNEXPECTED = new Set(['fail', 'timeout', 'error']);

/**
 * Expectation kinds that are parity's side (harness) or the test's (outdated-test), not the
 * runtime's: a subtest expected to fail for one of them is shown apart and never lowers a
 * runtime's cell or total.
 */
export const NOT_JUDGED = new Set(['harness', 'outdated-test']);

/** Statuses that count as a pass. */
export const PASSED = new Set(['pass', 'unexpected-pass']);

/**
 * Counts for one runtime, optionally limited to one folder (WPT top-level folder, or a check's name).
 * `total` counts subtests only: file-level `(harness)` rows are counted in `fileErrors`. A subtest
 * expected to fail for parity's side or the test's (NOT_JUDGED kinds: harness, outdated-test) is
 * counted in `notJudged` and left out of `total`, so it never lowers the runtime's figure.
 * @returns {{passed: number, total: number, failed: number, expectedFail: number, unexpectedPass: number,
 *            timeout: number, error: number, fileErrors: number, unexpected: number, notJudged: number}}
 */
export function passCounts(rows, runtime, folder) {
  const c = {
    passed: 0,
    total: 0,
    failed: 0,
    expectedFail: 0,
    unexpectedPass: 0,
    timeout: 0,
    error: 0,
    fileErrors: 0,
    unexpected: 0,
    notJudged: 0,
  };
  for (const r of rows) {
    if (r.runtime !== runtime) continue;
    if (folder !== undefined && r.folder !== folder && r.name !== folder) continue;
    if (UNEXPECTED.has(r.status)) c.unexpected++;
    if (r.subtest === '(harness)') {
      c.fileErrors++;
      continue;
    }
    // A compact file record's passes come as one row with a count (lib/results/conformance-form.js).
    const n = r.count ?? 1;
    if (r.status === 'expected-fail' && NOT_JUDGED.has(r.kind)) {
      c.notJudged += n;
      continue;
    }
    c.total += n;
    if (PASSED.has(r.status)) c.passed += n;
    if (r.status === 'unexpected-pass') c.unexpectedPass++;
    if (r.status === 'fail') c.failed++;
    if (r.status === 'expected-fail') c.expectedFail++;
    if (r.status === 'timeout') c.timeout++;
    if (r.status === 'error') c.error++;
  }
  return c;
}
