// README's tables are generated from results files kept under results/published/, so they
// cannot drift from the code that prints them. A block in README.md:
//
//   <!-- parity:table file=results/published/x.json show=cpu baseline=node -->
//   …generated…
//   <!-- parity:end -->
//
// kinds: `table` (what make table prints, as markdown; `workload=`, `brief=1` and `only=analyses` narrow it), `aa` (an A/A file's noise floor) and
// `diff` (a=… b=… floor=…). `make readme` rewrites every block; `make readme-check` (part of
// make test) fails when README differs from what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listSuites, loadAnalyses } from '../run/discover.js';
import { ROOT } from '../run/registry.js';
import { readResults } from '../run/results.js';
import { aaReport, floorByRow } from './aa.js';
import { diffGate } from './diff.js';
import { printLines, printTable } from './print.js';
import { renderResults, reportOf } from './table.js';

const BLOCK = /<!-- parity:(\w+)([^>]*?)-->\n[\s\S]*?<!-- parity:end -->/g;

/** `key=value key2=a,b` → {key: 'value', key2: 'a,b'}. */
function attrs(text) {
  return Object.fromEntries([...text.matchAll(/([\w-]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
}

const load = (file) => readResults(join(ROOT, file));

/**
 * The generated markdown of one block.
 * @param {string} kind
 * @param {Record<string, string>} a
 */
async function generate(kind, a) {
  if (kind === 'table') {
    const doc = load(a.file);
    // workload=name keeps that workload's rows; brief prints the main table alone (examples).
    if (a.workload) doc.results = doc.results.filter((r) => r.workload === a.workload);
    if (a.brief) return printTable(reportOf(doc, { baseline: a.baseline }).tables[0], { format: 'markdown' });
    const known = listSuites();
    const analyses = await loadAnalyses([...new Set(doc.results.map((r) => r.suite))].filter((s) => known.includes(s)));
    // only=analyses: the suite's own tables (its ratios) under the fingerprint, without the
    // per-row throughput and metric tables (for suites whose rows are many parameter sets).
    if (a.only === 'analyses') {
      const r = reportOf(doc, { analyses });
      const own = analyses
        .map((x) => {
          const t = x.table(doc.results);
          return t ? { ...t, title: t.title ?? x.title } : null;
        })
        .filter((t) => t !== null);
      return [
        printLines(r.fingerprint, { format: 'markdown' }),
        ...own.map((t) => printTable(t, { format: 'markdown' })),
      ].join('\n\n');
    }
    const show = a.show ? a.show.split(',') : [];
    return renderResults(doc, { markdown: true, show, baseline: a.baseline, analyses });
  }
  if (kind === 'aa') {
    const r = aaReport(load(a.file));
    return `${printTable(r.table, { format: 'markdown' })}\n\n${r.verdict}`;
  }
  if (kind === 'diff') {
    const floor = a.floor ? floorByRow(load(a.floor)) : undefined;
    const d = diffGate(load(a.a), load(a.b), { floor });
    return `${printTable(d.table, { format: 'markdown' })}\n\n${d.summary}`;
  }
  throw new Error(`Unknown README block "parity:${kind}": valid kinds are table, aa, diff`);
}

/**
 * README text with every block regenerated.
 * @param {string} text
 */
export async function regenerate(text) {
  const parts = [];
  let last = 0;
  for (const m of text.matchAll(BLOCK)) {
    const [whole, kind, args] = m;
    const index = /** @type {number} */ (m.index);
    parts.push(text.slice(last, index));
    const body = await generate(kind, attrs(args));
    parts.push(`<!-- parity:${kind}${args}-->\n${body}\n<!-- parity:end -->`);
    last = index + whole.length;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** CLI: `readme` rewrites README.md; `readme --check` exits 1 (naming the first difference) when it is stale. */
export async function readmeCommand({ check = false, file = join(ROOT, 'README.md') } = {}) {
  const text = readFileSync(file, 'utf8');
  const next = await regenerate(text);
  if (!check) {
    if (next !== text) writeFileSync(file, next);
    process.stdout.write(
      `readme: ${next === text ? 'up to date' : 'tables regenerated'} (${[...text.matchAll(BLOCK)].length} blocks)\n`,
    );
    return 0;
  }
  if (next === text) {
    process.stdout.write(`readme: ${[...text.matchAll(BLOCK)].length} generated blocks match their results files\n`);
    return 0;
  }
  const a = text.split('\n');
  const b = next.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  process.stderr.write(
    `readme: README.md line ${line + 1} differs from what make readme writes from results/published/: run make readme\n  README: ${a[line]?.slice(0, 120)}\n  would be: ${b[line]?.slice(0, 120)}\n`,
  );
  return 1;
}
