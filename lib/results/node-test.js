// What a node-test conformance row's fields mean to every reader (make node-compat, its table,
// the HTML report): the bucket of files no module claims, the longest detail a row keeps, and the
// expectation kinds that are parity's or the test's side and so never count against a runtime.

/** The module of a Node test file that conformance/node-test/modules.json does not map. */
export const NODE_TEST_OTHER = 'other';

/**
 * Longest detail a node-test row keeps: the run cuts a failed file's first error line here, and the
 * compact kept form (conformance-form.js) cuts any longer detail here too.
 */
export const NODE_TEST_DETAIL_MAX = 300;

/** Expectation kinds excluded from a runtime's figures: parity's side (harness) or the test's (outdated-test). */
export const NODE_TEST_EXCLUDED_KINDS = new Set(['harness', 'outdated-test']);

/** Row statuses of node-test rows that make a run fail. */
export const NODE_TEST_UNEXPECTED = new Set(['fail', 'timeout', 'error', 'unexpected-pass']);

/** The reference runtime for node-relative shares: node@25.8.1 (the tests' own Node) when run. */
export const REFERENCE = 'node@25.8.1';
