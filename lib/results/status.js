// Conformance statuses that fail a run. The statuses a conformance row may have are listed once,
// in the results schema (schema/results.schema.json, conformance[].status).

/** Statuses that mean the runtime did worse than its expectations say: they fail make wpt / make checks. */
export const UNEXPECTED = new Set(['fail', 'timeout', 'error']);
