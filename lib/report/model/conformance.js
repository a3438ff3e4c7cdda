// Side-by-side conformance: rows = WPT folder or shared check, columns = runtimes,
// cells = passed/total. Pure functions over conformance rows; no I/O.
import { NOT_JUDGED, PASSED, passCounts } from '../../results/status.js';
import { commitsLine, interfaceSections, isTentative, noWptLine } from './conformance-map.js';
import { runtimesOf, simpleTable } from './model.js';

/** The group a row is counted in: `<suite>/<folder>` for WPT, `check <suite>/<id>` for checks. */
export function groupOf(row) {
  if (row.source === 'check') return `check ${row.name}`;
  return `${row.suite}/${row.folder ?? '?'}`;
}

function cell(rows) {
  // Every row given is one runtime's; passCounts filters by runtime, so ask for that one.
  const c = rows.length
    ? passCounts(rows, rows[0].runtime)
    : { passed: 0, total: 0, unexpected: 0, fileErrors: 0, notJudged: 0 };
  let s = `${c.passed}/${c.total}`;
  if (c.notJudged) s += ` +${c.notJudged}nj`;
  if (c.fileErrors) s += ` +${c.fileErrors}E`;
  if (c.unexpected) s += ' !';
  return s;
}

/**
 * The side-by-side table. Cells are passed/total subtests; `+Nnj` counts subtests not judged
 * (harness, outdated-test); `+NE` counts files whose harness errored, crashed or hung; `!` marks unexpected failures (not covered by expectations).
 * @param {Array<Record<string, any>>} rows  conformance rows
 * @param {{runtimes?: string[]}} [options]
 * @returns {import('./model.js').TableData}
 */
export function conformanceTable(rows, { runtimes = runtimesOf(rows) } = {}) {
  const groups = new Map();
  for (const r of rows) {
    const g = groupOf(r);
    if (!groups.has(g)) groups.set(g, new Map());
    const byRt = groups.get(g);
    if (!byRt.has(r.runtime)) byRt.set(r.runtime, []);
    byRt.get(r.runtime).push(r);
  }
  const names = [...groups.keys()].sort((a, b) =>
    a.startsWith('check ') === b.startsWith('check ') ? a.localeCompare(b) : a.startsWith('check ') ? 1 : -1,
  );
  const body = names.map((g) => [
    g,
    ...runtimes.map((rt) => (groups.get(g).has(rt) ? cell(groups.get(g).get(rt)) : '-')),
  ]);
  const totals = (source) => runtimes.map((rt) => cell(rows.filter((r) => r.runtime === rt && r.source === source)));
  if (rows.some((r) => r.source === 'wpt')) body.push(['WPT total', ...totals('wpt')]);
  if (rows.some((r) => r.source === 'check')) body.push(['checks total', ...totals('check')]);
  return simpleTable(null, ['', ...runtimes], body, { left: 1 });
}

/**
 * Subtest-level comparison across runtimes: for every test name that does not pass everywhere,
 * say where it fails. Categories: 'fails everywhere', 'fails only on X', 'passes only on X',
 * 'fails on X, Y'; runtimes that did not run the test are listed as not run.
 * @param {Array<Record<string, any>>} rows
 * @param {{match?: (row: any) => boolean}} [options]
 * @returns {Array<{name: string, category: string, failing: string[], passing: string[], missing: string[], details: Record<string, string | null>}>}
 */
export function crossRuntimeDiff(rows, { match = () => true } = {}) {
  const runtimes = runtimesOf(rows);
  const byName = new Map();
  // Which files each runtime ran: a subtest it does not list as failing in a file it ran passed
  // (compact files name only the subtests that did not pass).
  const ran = new Map(runtimes.map((rt) => [rt, new Set()]));
  for (const r of rows) {
    if (!match(r)) continue;
    ran.get(r.runtime)?.add(r.file ?? r.name);
    if (r.count !== undefined) continue;
    if (!byName.has(r.name)) byName.set(r.name, new Map());
    byName.get(r.name).set(r.runtime, r);
  }
  const out = [];
  for (const [name, byRt] of byName) {
    const file = [...byRt.values()][0].file ?? name;
    const passes = (rt) => (byRt.has(rt) ? PASSED.has(byRt.get(rt).status) : ran.get(rt)?.has(file));
    const passing = runtimes.filter(passes);
    const failing = runtimes.filter((rt) => byRt.has(rt) && !PASSED.has(byRt.get(rt).status));
    const missing = runtimes.filter((rt) => !byRt.has(rt) && !ran.get(rt)?.has(file));
    if (failing.length === 0) continue;
    let category;
    if (passing.length === 0) category = 'fails everywhere';
    else if (failing.length === 1) category = `fails only on ${failing[0]}`;
    else if (passing.length === 1) category = `passes only on ${passing[0]}`;
    else category = `fails on ${failing.join(', ')}`;
    const details = Object.fromEntries(
      failing.map((rt) => [rt, `${byRt.get(rt).status}${byRt.get(rt).detail ? `: ${byRt.get(rt).detail}` : ''}`]),
    );
    out.push({ name, category, failing, passing, missing, details });
  }
  return out.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}

/** "deno and node", "bun, deno and node". */
const andList = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/**
 * One plain line for an interface: who passes all of it, and the counts of the rest.
 * "URLPattern: deno and node pass all 362; bun 340/362; workerd 0/362".
 * @param {string} name
 * @param {Map<string, any[]>} byRt  the interface's rows per runtime
 * @param {string[]} runtimes
 */
export function interfaceSummary(name, byRt, runtimes) {
  const counts = runtimes.filter((rt) => byRt.has(rt)).map((rt) => ({ rt, c: passCounts(byRt.get(rt), rt) }));
  if (!counts.length) return `${name}: not run`;
  const most = Math.max(...counts.map((x) => x.c.total));
  const all = counts.filter((x) => x.c.total === most && x.c.passed === most && !x.c.fileErrors).map((x) => x.rt);
  const why = (rt) => {
    const kinds = new Map();
    // Subtests only: a file-level (harness) row is counted as a file that errored.
    for (const r of byRt.get(rt) ?? [])
      if (r.status === 'expected-fail' && r.subtest !== '(harness)')
        kinds.set(r.kind ?? '?', (kinds.get(r.kind ?? '?') ?? 0) + 1);
    const list = (judged) =>
      [...kinds]
        .filter(([k]) => NOT_JUDGED.has(k) !== judged)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
    const parts = [
      list(true) && `expected: ${list(true)}`,
      list(false) && `+${notJudged(rt)} not judged: ${list(false)}`,
    ];
    return parts.some(Boolean) ? ` (${parts.filter(Boolean).join('; ')})` : '';
  };
  const notJudged = (rt) => counts.find((x) => x.rt === rt)?.c.notJudged ?? 0;
  const rest = counts
    .filter((x) => !all.includes(x.rt))
    .map(
      (x) =>
        `${x.rt} ${x.c.passed}/${x.c.total}${why(x.rt)}${x.c.fileErrors ? ` (+${x.c.fileErrors} files errored)` : ''}${x.c.unexpected ? ` (${x.c.unexpected} unexpected)` : ''}`,
    );
  const head = all.length ? [`${andList(all)} pass${all.length === 1 ? 'es' : ''} all ${most}`] : [];
  return `${name}: ${[...head, ...rest].join('; ')}`;
}

/** What a row records: its interface (conformance/wpt.json's name, written by the run) and top folder. */
const byRecord = (r) => ({ name: r.interface ?? r.suite, dir: r.suite });

/**
 * WPT per interface: a row per interface, with a row per directory under it when it has
 * several and a `tentative` row for its tentative files, which the interface's row and the
 * headline total leave out; cells passed/total per runtime; and a summary line per interface.
 * With the run's interface list (`interfaces`, the results file's wpt.interfaces) every listed
 * interface is a row, one without results saying so, and those outside ECMA-429 follow under
 * their own heading with their own total.
 * @param {Array<Record<string, any>>} rows  conformance rows (checks are left out)
 * @param {{classify?: (row: any) => {name: string, dir: string}, runtimes?: string[], order?: string[],
 *   interfaces?: import('./conformance-map.js').MappedInterface[], commits?: Record<string, string>,
 *   commitDates?: Record<string, string>}} options
 *   classify: the interface and directory of a WPT row (default: the interface the row records, its
 *   top folder); order: interface names in the order to print when there is no interface list
 * @returns {{table: import('./model.js').TableData, summary: string[]}}
 */
export function interfaceTable(
  rows,
  { classify = byRecord, runtimes = runtimesOf(rows), order = [], interfaces, commits, commitDates },
) {
  const groups = groupByInterface(rows, classify);
  const { ecma, outside } = interfaceSections([...groups.keys()], interfaces, order);
  const cells = (byRt) => runtimes.map((rt) => (byRt.has(rt) ? cell(byRt.get(rt)) : '-'));
  const wpt = rows.filter((r) => r.source === 'wpt');
  const total = (label, keep) => [label, ...runtimes.map((rt) => cell(wpt.filter((r) => r.runtime === rt && keep(r))))];
  const stableIn = (names) => (r) => !isTentative(r.file ?? r.name) && names.includes(classify(r).name);
  const body = [];
  const summary = [];
  const section = (names) => {
    for (const n of names) {
      const g = groups.get(n);
      if (!g) {
        body.push([n, ...runtimes.map(() => '-')]);
        summary.push(noWptLine(n, interfaces));
        continue;
      }
      body.push([n, ...cells(g.byRt)]);
      if (g.dirs.size > 1) for (const [dir, byRt] of [...g.dirs].sort()) body.push([`  ${dir}`, ...cells(byRt)]);
      if (g.tentative.size) body.push(['  tentative', ...cells(g.tentative)]);
      if (g.byRt.size) summary.push(interfaceSummary(n, g.byRt, runtimes));
      if (g.tentative.size) summary.push(interfaceSummary(`${n} (tentative files)`, g.tentative, runtimes));
    }
  };
  section(ecma);
  if (!outside.length) {
    body.push(
      total(interfaces?.length ? 'WPT total, stable files' : 'WPT total', (r) => !isTentative(r.file ?? r.name)),
    );
  } else {
    body.push(total('ECMA-429 total, stable files', stableIn(ecma)));
    body.push(['outside ECMA-429:', ...runtimes.map(() => '')]);
    section(outside);
    body.push(total('outside ECMA-429 total, stable files', stableIn(outside)));
  }
  if (wpt.some((r) => isTentative(r.file ?? r.name)))
    body.push(total('tentative files', (r) => isTentative(r.file ?? r.name)));
  const pins = commitsLine(commits, commitDates);
  const table = simpleTable('WPT per interface: subtests passed/total', ['interface', ...runtimes], body, { left: 1 });
  return { table, summary: pins ? [...summary, pins] : summary };
}

/**
 * WPT rows by interface: per runtime the stable files' rows (byRt), per directory the same
 * (dirs), and apart the tentative files' rows (tentative).
 * @returns {Map<string, {byRt: Map<string, any[]>, dirs: Map<string, Map<string, any[]>>, tentative: Map<string, any[]>}>}
 */
function groupByInterface(rows, classify) {
  const groups = new Map();
  const push = (m, rt, r) => {
    if (!m.has(rt)) m.set(rt, []);
    m.get(rt).push(r);
  };
  for (const r of rows) {
    if (r.source !== 'wpt') continue;
    const { name, dir } = classify(r);
    const g = groups.get(name) ?? { byRt: new Map(), dirs: new Map(), tentative: new Map() };
    groups.set(name, g);
    if (isTentative(r.file ?? r.name)) {
      push(g.tentative, r.runtime, r);
      continue;
    }
    push(g.byRt, r.runtime, r);
    if (!g.dirs.has(dir)) g.dirs.set(dir, new Map());
    push(g.dirs.get(dir), r.runtime, r);
  }
  return groups;
}
