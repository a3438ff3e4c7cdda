// Two forms of conformance in a results file. parity.results/1 holds one row per subtest, each
// repeating its file (104 MB for every WPT directory on four runtimes); parity.results/2 keeps a
// WPT file's subtests together: one record per (runtime, file) with the passes as a count and
// only the subtests that did not pass by name. Readers take either through conformanceRows().

/** Schema id of a results file whose WPT conformance is in file records. */
export const COMPACT_SCHEMA = 'parity.results/2';

/** Longest detail kept per failing subtest: its first line says what failed. */
const DETAIL_MAX = 240;

/**
 * Rows of one WPT run → file records; check rows stay rows. Order of first appearance is kept.
 * @param {Array<Record<string, any>>} rows
 */
export function compactConformance(rows) {
  const out = [];
  const records = new Map();
  for (const r of rows) {
    if (r.source !== 'wpt') {
      out.push(r);
      continue;
    }
    const key = `${r.runtime}\u0000${r.file}`;
    let rec = records.get(key);
    if (!rec) {
      rec = {
        runtime: r.runtime,
        suite: r.suite,
        source: 'wpt',
        folder: r.folder,
        file: r.file ?? r.name,
        ...(r.interface ? { interface: r.interface } : {}),
        passed: 0,
        failures: [],
      };
      records.set(key, rec);
      out.push(rec);
    }
    if (r.status === 'pass') rec.passed++;
    else {
      const detail = r.detail == null ? null : String(r.detail).slice(0, DETAIL_MAX);
      rec.failures.push({ subtest: r.subtest, status: r.status, detail, ...(r.kind ? { kind: r.kind } : {}) });
    }
  }
  return out;
}

/**
 * The conformance rows of a results document of either form: a file record becomes its failing
 * subtests' rows plus one row standing for its passes (`count`, no subtest name).
 * @param {{conformance?: Array<Record<string, any>>}} doc
 */
export function conformanceRows(doc) {
  const rows = [];
  for (const r of doc.conformance ?? []) {
    if (!Array.isArray(r.failures)) {
      rows.push(r);
      continue;
    }
    const base = {
      runtime: r.runtime,
      suite: r.suite,
      source: 'wpt',
      folder: r.folder,
      file: r.file,
      ...(r.interface ? { interface: r.interface } : {}),
    };
    for (const f of r.failures) {
      const row = { ...base, name: `${r.file} > ${f.subtest}`, subtest: f.subtest, status: f.status, detail: f.detail };
      rows.push(f.kind ? { ...row, kind: f.kind } : row);
    }
    if (r.passed > 0) {
      rows.push({
        ...base,
        name: `${r.file} > (passes)`,
        subtest: null,
        status: 'pass',
        detail: null,
        count: r.passed,
      });
    }
  }
  return rows;
}
