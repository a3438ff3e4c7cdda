// Conformance statuses, defined once. DESIGN's row statuses; UNEXPECTED are the ones that fail a run.

/** Every status a conformance row may have. */
export const STATUSES = ['pass', 'fail', 'expected-fail', 'unexpected-pass', 'timeout', 'error'];

/** Statuses that mean the runtime did worse than its expectations say: they fail make wpt / make checks. */
export const UNEXPECTED = new Set(['fail', 'timeout', 'error']);
