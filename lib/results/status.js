// Conformance statuses that fail a run. The statuses a conformance row may have are listed once,
// in the results schema (schema/results.schema.json, conformance[].status).

/** Statuses that mean the runtime did worse than its expectations say: they fail make wpt / make checks. */
export const UNEXPECTED = new Set(['fail', 'timeout', 'error']);

/**
 * Expectation kinds that are parity's side (harness) or the test's (outdated-test), not the
 * runtime's: a subtest expected to fail for one of them is shown apart and never lowers a
 * runtime's cell or total.
 */
export const NOT_JUDGED = new Set(['harness', 'outdated-test']);
