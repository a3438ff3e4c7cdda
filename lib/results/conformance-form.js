// Three forms of conformance in a results file. parity.results/1 holds one row per subtest, each
// repeating its file (104 MB for every WPT directory on four runtimes); parity.results/2 keeps a
// WPT file's subtests together: one record per (runtime, file) with the passes as a count and
// only the subtests that did not pass by name. parity.results/3, the compact kept form
// (lib/results/compact.js), keeps all runtimes of one WPT file in one record, so a subtest that
// fails on six runtimes is named once (the kept run of every WPT directory on six runtimes: 6.8 MB
// on one line as /2, 1.9 MB as /3). Node test rows (source node-test, one per runtime and test
// file) are rows in /1 and /2; in /3 the rows of one test file become one record too: the file,
// its module and per runtime only its ms and the index of its note, the rest of what its row said
// (status, outcome, kind, detail, exit code, signal, retry), each distinct note stored once for
// the whole file in `node_test_notes` (the kept run of Node's parallel and es-module tests on five
// runtimes: 6.9 MB indented, 5.7 MB on one line as /2, 1.6 MB as /3). Readers take any form
// through conformanceRows().
import { NODE_TEST_DETAIL_MAX } from './node-test.js';

/** Schema id of a results file whose WPT conformance is in file records. */
export const COMPACT_SCHEMA = 'parity.results/2';

/** Schema id of a results file whose WPT conformance and Node test rows are in records of all runtimes of a file. */
export const BY_FILE_SCHEMA = 'parity.results/3';

/** Longest detail kept per failing subtest: its first line says what failed. */
const DETAIL_MAX = 240;

/** The fields of a node-test row its file's record holds once for every runtime. */
const NODE_TEST_HEAD = ['suite', 'source', 'name', 'file', 'module'];

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
 * The conformance rows of a results document of any form: a WPT file record becomes its failing
 * subtests' rows plus one row standing for its passes (`count`, no subtest name); a Node test
 * file's record, the rows it was made from.
 * @param {{conformance?: Array<Record<string, any>>, node_test_notes?: Array<Record<string, any>>}} doc
 */
export function conformanceRows(doc) {
  const rows = [];
  const records = (doc.conformance ?? []).flatMap((x) => {
    if (!Array.isArray(x.runs)) return [x];
    return x.source === 'node-test' ? nodeTestRowsOf(x, doc.node_test_notes ?? []) : fileRecordsOf(x);
  });
  for (const r of records) {
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

/**
 * parity.results/2 file records → records of all runtimes of a file (parity.results/3), each
 * adjacent run of one file's records becoming one: the failing subtests' names once, and per
 * runtime, in the order they came, its passes, the distinct {status, detail, kind} of its
 * failures (`notes`) and each failure, in order, as [subtest index, note index]. Check rows stay
 * rows. fileRecordsOf gives back the very records it was given.
 * @param {Array<Record<string, any>>} records
 */
export function byFile(records) {
  const out = [];
  /** @type {Record<string, any>} the record being filled, its subtests' indices, and what it describes */
  let rec = {};
  /** @type {Map<string, number>} */
  let index = new Map();
  let last = '';
  for (const r of records) {
    if (!Array.isArray(r.failures)) {
      out.push(r);
      last = '';
      continue;
    }
    const { runtime: _, passed: _p, failures: _f, ...head } = r;
    const key = JSON.stringify(head);
    // One record holds the runtimes of one file as long as they describe it alike.
    if (key !== last) {
      rec = { ...head, subtests: [], runs: [] };
      index = new Map();
      last = key;
      out.push(rec);
    }
    /** @type {Array<Record<string, any>>} */
    const notes = [];
    const noteIndex = new Map();
    const failures = r.failures.map((f) => {
      if (!index.has(f.subtest)) index.set(f.subtest, rec.subtests.push(f.subtest) - 1);
      const note = JSON.stringify([f.status, f.detail, f.kind]);
      if (!noteIndex.has(note))
        noteIndex.set(
          note,
          notes.push({ status: f.status, detail: f.detail, ...(f.kind ? { kind: f.kind } : {}) }) - 1,
        );
      return [index.get(f.subtest), noteIndex.get(note)];
    });
    rec.runs.push({ runtime: r.runtime, passed: r.passed, notes, failures });
  }
  return out;
}

/**
 * A record of all runtimes of a file (parity.results/3) → its parity.results/2 file records.
 * @param {Record<string, any>} rec
 */
export function fileRecordsOf(rec) {
  const { subtests, runs, ...head } = rec;
  return runs.map((run) => ({
    runtime: run.runtime,
    ...head,
    passed: run.passed,
    failures: run.failures.map(([s, n]) => ({ subtest: subtests[s], ...run.notes[n] })),
  }));
}

/**
 * Node test rows → records of all runtimes of a test file (parity.results/3), each adjacent run of
 * one file's rows becoming one: suite, source, file, module and `name` (only where it is not the
 * file) once, and per runtime, in the order they came, its runtime, its ms and the index of its
 * note in `notes`: every other field of its row (status, outcome, detail, kind, exit_code, signal,
 * retry, flaky), each distinct note once for all records. A detail is cut at NODE_TEST_DETAIL_MAX,
 * the length the run writes a first error line at. Other records and rows stay as they are.
 * nodeTestRowsOf gives back the very rows it was given.
 * @param {Array<Record<string, any>>} records
 * @returns {{conformance: Array<Record<string, any>>, notes: Array<Record<string, any>>}}
 */
export function nodeTestByFile(records) {
  const out = [];
  /** @type {Array<Record<string, any>>} */
  const notes = [];
  /** @type {Map<string, number>} */
  const noteIndex = new Map();
  /** @type {Record<string, any>} the record being filled */
  let rec = {};
  let last = '';
  for (const r of records) {
    if (r.source !== 'node-test' || Array.isArray(r.runs)) {
      out.push(r);
      last = '';
      continue;
    }
    const { runtime, ms, ...rest } = r;
    /** @type {Record<string, any>} */
    const head = {};
    /** @type {Record<string, any>} */
    const note = {};
    for (const [k, v] of Object.entries(rest)) {
      if (NODE_TEST_HEAD.includes(k)) head[k] = v;
      else note[k] = k === 'detail' && v != null ? String(v).slice(0, NODE_TEST_DETAIL_MAX) : v;
    }
    if (head.name === head.file) delete head.name;
    const key = JSON.stringify(head);
    // One record holds the runtimes of one file as long as they describe it alike.
    if (key !== last) {
      rec = { ...head, runs: [] };
      last = key;
      out.push(rec);
    }
    const text = JSON.stringify(note);
    if (!noteIndex.has(text)) noteIndex.set(text, notes.push(note) - 1);
    rec.runs.push({ runtime, note: noteIndex.get(text), ...(ms === undefined ? {} : { ms }) });
  }
  return { conformance: out, notes };
}

/**
 * A Node test file's record (parity.results/3) → its rows, one per runtime in the order they ran.
 * @param {Record<string, any>} rec
 * @param {Array<Record<string, any>>} notes the document's node_test_notes
 */
export function nodeTestRowsOf(rec, notes) {
  const { runs, name, ...head } = rec;
  return runs.map((run) => {
    const note = notes[run.note];
    if (!note) throw new Error(`Node test record ${rec.file} names note ${run.note}, which node_test_notes lacks`);
    return {
      runtime: run.runtime,
      ...head,
      name: name ?? head.file,
      ...note,
      ...(run.ms === undefined ? {} : { ms: run.ms }),
    };
  });
}
