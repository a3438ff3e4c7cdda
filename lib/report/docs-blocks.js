// README's tables are generated from results files kept under results/published/, so they
// cannot drift from the code that prints them. A block in README.md:
//
//   <!-- parity:table file=results/published/x.json show=cpu baseline=node -->
//   …generated…
//   <!-- parity:end -->
//
// Blocks may stand in README.md and in any docs/*.md (generatedFiles).
// kinds: `table` (what make table prints, as markdown; `workload=`, `brief=1`, `title=` (one table by its title's first words, `_`
// for a space) and `only=analyses|main` narrow it), `aa` (an A/A file's
// table and noise floor), `floor` (one line: a suite's A/A floor, `file=… suite=…`, for beside its tables),
// `diff` (a=… b=… floor=…), `timeline` (file=… floor=…), `bisect` (file=…/bisect.json), `spread` (file=…: lib/report/across/spread.js) and `node-compat`
// (file=…: the per-module table of a make node-compat run, baseline= another reference). `make readme` rewrites every block; `make readme-check` (part of
// make test) fails when README differs from what it would write.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../paths.js';
import { floorByRow } from '../results/aa.js';
import { conformanceRows } from '../results/conformance-form.js';
import { readResults } from '../results/file.js';
import { REFERENCE } from '../results/node-test.js';
import { aaReport } from './across/aa.js';
import { diffGate } from './across/diff.js';
import { spreadReport } from './across/spread.js';
import {
  bisectLines,
  nodeTestBisectLines,
  timelineSeries,
  timelineTable,
  wptBisectLines,
  wptTimelineLines,
} from './across/timeline.js';
import { analysesOf } from './analyses/index.js';
import { reportOf } from './model/report.js';
import { nodeTestDocsReport } from './text/node-test.js';
import { printTable } from './text/print.js';
import { renderResults } from './text/render.js';

const BLOCK = /<!-- parity:([\w-]+)([^>]*?)-->\n[\s\S]*?<!-- parity:end -->/g;

/**
 * The table of a results file whose title starts with `a.title` (underscores read as spaces); an
 * error naming the titles there are when none does.
 * @param {any} doc @param {Record<string, string>} a @param {((r: any) => boolean) | undefined} keep
 */
function titledTable(doc, a, keep) {
  const prefix = a.title.replaceAll('_', ' ');
  const { tables } = reportOf(doc, { baseline: a.baseline, keep, show: ['cpu', 'rss', 'metrics'] });
  const t = tables.find((x) => x.title?.startsWith(prefix));
  if (!t)
    throw new Error(
      `parity:table title=${a.title}: no table of ${a.file} has a title starting "${prefix}"; its titles start: ${tables
        .map((x) => x.title?.split(' (')[0])
        .filter(Boolean)
        .join('; ')}`,
    );
  return printTable(t, { format: 'markdown' });
}

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
    // The filter narrows the rows shown; claims are corrected over the whole file, as make table does.
    const keep = a.workload ? (r) => r.workload === a.workload : undefined;
    if (a.brief) return printTable(reportOf(doc, { baseline: a.baseline, keep }).tables[0], { format: 'markdown' });
    // title=words_of_a_title (underscores for spaces): the one table whose title starts so, for a
    // page that quotes one metric of a file whose every table would be too long to show.
    if (a.title) return titledTable(doc, a, keep);
    const analyses = analysesOf(doc);
    // only=analyses: the suite's own tables (its ratios) under the fingerprint, without the
    // per-row runtime tables (for suites whose rows are many parameter sets); only=main the reverse.
    const show = a.show ? a.show.split(',') : [];
    return renderResults(doc, { markdown: true, show, baseline: a.baseline, analyses, only: a.only, keep });
  }
  if (kind === 'floor') {
    // One line for beside a suite's tables: what this machine's A/A run of that suite says.
    const r = aaReport(load(a.file));
    const first = r.verdict.split('\n')[0];
    return `A/A noise floor of ${a.suite ?? 'this suite'} here (${a.file}): ${first.replace(/^noise floor on this machine: /, '')}`;
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
  // timeline: a timeline results file's series (floor= an A/A file); bisect: a bisect.json summary.
  if (kind === 'timeline' && a.file.endsWith('.json') && JSON.parse(readFileSync(join(ROOT, a.file), 'utf8')).wpt) {
    // A WPT file over releases (make timeline … WPT=): per release its passes and what changed.
    return ['```', ...wptTimelineLines(JSON.parse(readFileSync(join(ROOT, a.file), 'utf8'))), '```'].join('\n');
  }
  if (kind === 'timeline') {
    const floor = a.floor ? floorByRow(load(a.floor)) : undefined;
    const series = timelineSeries(load(a.file), { floor });
    // As text in a fence: the sparkline and the aligned columns read as in a terminal.
    const text = series.map((s) => printTable(timelineTable(s, { floorGiven: Boolean(floor) }))).join('\n\n');
    return ['```', text, '```'].join('\n');
  }
  // spread: what a kept run's spread allows (lib/report/across/spread.js), file=… [baseline=…].
  if (kind === 'spread') return spreadReport(load(a.file), a.baseline).join('\n').trim();
  // node-compat: the per-module table of a kept make node-compat run (make node-compat-table).
  if (kind === 'node-compat') {
    const doc = JSON.parse(readFileSync(join(ROOT, a.file), 'utf8'));
    const rows = conformanceRows(doc).filter((r) => r.source === 'node-test');
    return ['```', nodeTestDocsReport([doc], rows, a.baseline ?? REFERENCE), '```'].join('\n');
  }
  if (kind === 'bisect') {
    const b = JSON.parse(readFileSync(join(ROOT, a.file), 'utf8'));
    // A WPT bisect (b.wpt) names changed subtests, a Node test file's (b.node_test) both outcomes;
    // a figure's bisect, the figures and their ratio.
    const lines = b.wpt ? wptBisectLines(b) : b.node_test ? nodeTestBisectLines(b) : bisectLines(b);
    return ['```', ...lines, '```'].join('\n');
  }
  throw new Error(
    `Unknown README block "parity:${kind}": valid kinds are table, aa, floor, diff, timeline, bisect, spread, node-compat`,
  );
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

/** The files whose blocks are generated: README.md and every docs/*.md. */
export function generatedFiles(root = ROOT) {
  const docs = join(root, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs).filter((f) => f.endsWith('.md')) : [];
  return [join(root, 'README.md'), ...pages.sort().map((f) => join(docs, f))];
}

/**
 * One file: rewritten, or with `check` compared (the first difference named on stderr).
 * @param {string} file
 * @param {boolean} check
 * @returns {Promise<{blocks: number, stale: boolean}>}
 */
async function readmeFile(file, check) {
  const text = readFileSync(file, 'utf8');
  const next = await regenerate(text);
  const blocks = [...text.matchAll(BLOCK)].length;
  if (next === text) return { blocks, stale: false };
  if (!check) {
    writeFileSync(file, next);
    return { blocks, stale: true };
  }
  const a = text.split('\n');
  const b = next.split('\n');
  const line = a.findIndex((l, i) => l !== b[i]);
  process.stderr.write(
    `readme: ${relative(ROOT, file)} line ${line + 1} differs from what make readme writes from results/published/: run make readme\n  now: ${a[line]?.slice(0, 120)}\n  would be: ${b[line]?.slice(0, 120)}\n`,
  );
  return { blocks, stale: true };
}

/**
 * CLI: `readme` rewrites the generated blocks of README.md and docs/*.md; `readme --check` exits 1
 * (naming the first difference) when one is stale.
 * @param {{check?: boolean, files?: string[]}} [o]
 */
export async function readmeCommand({ check = false, files = generatedFiles() } = {}) {
  let blocks = 0;
  let stale = 0;
  for (const file of files) {
    const r = await readmeFile(file, check);
    blocks += r.blocks;
    if (r.stale) stale++;
  }
  const where = `${files.length} file${files.length === 1 ? '' : 's'}, ${blocks} blocks`;
  if (check && stale > 0) return 1;
  process.stdout.write(
    check
      ? `readme: ${where}: every generated block matches its results file\n`
      : `readme: ${stale === 0 ? 'up to date' : `${stale} file${stale === 1 ? '' : 's'} regenerated`} (${where})\n`,
  );
  return 0;
}
