// The commands that read results files and print or write them (table, diff, aa, merge, export,
// report, serve, readme, runtimes, validate, compact): a fragment of cli.js's one table.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { microarchBanner, microarchWarnings } from '../../measure/cpu-id.js';
import { displayPath, ROOT, UsageError } from '../../paths.js';
import { aaReport } from '../../report/across/aa.js';
import { diffGate } from '../../report/across/diff.js';
import { mergeTable } from '../../report/across/merge.js';
import { analysesOf } from '../../report/analyses/index.js';
import { readmeCommand } from '../../report/docs-blocks.js';
import { EXPORTS, exportFormat } from '../../report/export/formats.js';
import { renderHtml } from '../../report/html/page.js';
import { precisionHeader } from '../../report/model/precision-header.js';
import { serveResults } from '../../report/serve.js';
import { printFormat, printTable, wantsColor } from '../../report/text/print.js';
import { renderResults } from '../../report/text/render.js';
import { floorByRow } from '../../results/aa.js';
import { compactFile } from '../../results/compact.js';
import { provenanceWarnings, readResults, SCHEMA_ID } from '../../results/file.js';
import { gateFiles } from '../../results/gate.js';
import { listRuntimes } from '../../runtimes/list.js';
import { newestResults, refuseUnequal, showList, tableFilter } from '../inputs.js';

/** @typedef {import('../options.js').Command} Command */

/** Print provenance differences between files before any of their numbers, on one line. */
const warnProvenance = (docs) => {
  const w = provenanceWarnings(docs);
  if (w.length) process.stderr.write(`parity: warning: ${w.join('; ')}\n`);
};

/** @type {Record<string, Command>} */
export const REPORT_COMMANDS = {
  table: {
    summary: 'print a results file as tables',
    options: ['show', 'baseline', 'markdown', 'floor', 'strict', 'suite', 'workload', 'only'],
    files: [1, 1, 'table needs exactly one results file, e.g. FILE=results/20261122T061500Z-host.json'],
    async run(o, [file]) {
      const doc = readResults(file);
      const keep = tableFilter(doc, o);
      warnProvenance([doc]);
      if (o.strict) refuseUnequal(doc);
      const floor = o.floor ? floorByRow(readResults(o.floor)) : undefined;
      const color = !o.markdown && wantsColor();
      const opts = {
        show: showList(o.show),
        baseline: o.baseline,
        markdown: o.markdown,
        floor,
        color,
        only: o.only,
        keep,
      };
      const header = o.markdown ? '' : precisionHeader(doc.adaptive);
      process.stdout.write(
        `${header ? `${header}\n\n` : ''}${renderResults(doc, { ...opts, analyses: analysesOf(doc) })}\n`,
      );
      return 0;
    },
  },
  diff: {
    summary: 'compare two results files cell by cell; exit 1 on a significant regression beyond --threshold',
    options: ['markdown', 'threshold', 'floor'],
    files: [2, 2, 'diff needs two results files: A=results/old.json B=results/new.json'],
    run(o, files) {
      const [a, b] = files.map(readResults);
      warnProvenance([a, b]);
      const threshold = o.threshold === undefined ? 5 : Number(o.threshold);
      if (!Number.isFinite(threshold) || threshold < 0) {
        throw new UsageError(`Invalid --threshold "${o.threshold}": expected a percentage of 0 or more, e.g. 5`);
      }
      const floorDoc = o.floor ? readResults(o.floor) : undefined;
      const floor = floorDoc ? floorByRow(floorDoc) : undefined;
      // A ratio holds for one microarchitecture: say so before any number when the files differ.
      const names = [`A ${files[0]}`, `B ${files[1]}`, ...(floorDoc ? [`the A/A floor ${o.floor}`] : [])];
      const arch = microarchWarnings([a, b, floorDoc].filter(Boolean).map((doc, i) => ({ name: names[i], doc })));
      process.stderr.write(microarchBanner(arch));
      const g = gateFiles(a, b, { threshold, floor });
      const d = diffGate(a, b, {}, g);
      const loud = arch.some((w) => w.startsWith('DIFFERENT'))
        ? ' (files from DIFFERENT MICROARCHITECTURES: see the warning)'
        : '';
      process.stdout.write(`${printTable(d.table, { format: printFormat(o) })}\n\n${d.summary}${loud}\n`);
      return g.regressions.length ? 1 : 0;
    },
  },
  aa: {
    summary: 'the noise floor of an A/A results file (make aa writes one)',
    options: ['markdown'],
    files: [1, 1, 'aa needs one A/A results file, e.g. FILE=results/20261122T061500Z-host.json'],
    run(o, [file]) {
      const r = aaReport(readResults(file));
      process.stdout.write(`${printTable(r.table, { format: printFormat(o) })}\n\n${r.verdict}\n`);
      return 0;
    },
  },
  merge: {
    summary: 'one cross-platform table from results files of several machines (the CI matrix)',
    options: ['markdown', 'out'],
    files: [1, Number.POSITIVE_INFINITY, 'merge needs one or more results files, e.g. FILES="linux.json darwin.json"'],
    run(o, files) {
      const text = printTable(mergeTable(files.map(readResults)), { format: printFormat(o) });
      if (o.out) writeFileSync(o.out, `${text}\n`);
      process.stdout.write(`${text}\n`);
      return 0;
    },
  },
  export: {
    summary: `write a results file in another format: --format ${Object.entries(EXPORTS)
      .map(([name, f]) => `${name} (${f.summary})`)
      .join(' | ')}`,
    options: ['format', 'out'],
    files: [1, 1, 'export needs one results file, e.g. FILE=results/20261122T061500Z-host.json'],
    run(o, [file]) {
      let format;
      try {
        format = exportFormat(o.format);
      } catch (e) {
        throw new UsageError(/** @type {Error} */ (e).message);
      }
      const { text, warnings } = format.render(readResults(file));
      for (const w of warnings) process.stderr.write(`parity: export: ${w}\n`);
      if (o.out) writeFileSync(o.out, text);
      else process.stdout.write(text);
      return 0;
    },
  },
  report: {
    summary: 'write a self-contained HTML report with charts (default: the newest results file → results/report.html)',
    options: ['out', 'show'],
    files: [0, 1, 'report takes at most one results file'],
    async run(o, files) {
      const file = files[0] ?? newestResults();
      const doc = readResults(file);
      const out = o.out ?? join(ROOT, 'results', 'report.html');
      const show = o.show ? showList(o.show) : undefined;
      writeFileSync(out, renderHtml(doc, { show, analyses: analysesOf(doc) }));
      process.stdout.write(`parity: wrote ${displayPath(out)} from ${file}\n`);
      return 0;
    },
  },
  serve: {
    summary: "serve results/ on 127.0.0.1: the list of runs and each run's report (PORT=…, default any free port)",
    options: [],
    async run() {
      const port = Number(process.env.PORT ?? 0);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new UsageError(`Invalid PORT "${process.env.PORT}": expected 0 (any free port) to 65535`);
      }
      return serveResults(join(ROOT, 'results'), port);
    },
  },
  readme: {
    summary: "regenerate README's tables from results/published/ (--check: exit 1 when README is stale)",
    options: ['check'],
    run: (o) => readmeCommand({ check: Boolean(o.check) }),
  },
  runtimes: {
    summary: 'each runtime id: version, engine, binary (or how to install it)',
    options: ['check'],
    run: (o) => listRuntimes(o),
  },
  validate: {
    summary: `check results files against the schema (${SCHEMA_ID})`,
    options: [],
    files: [1, Number.POSITIVE_INFINITY, 'validate needs one or more results files'],
    run(_o, files) {
      for (const f of files) {
        process.stdout.write(`${f}: valid ${readResults(f).schema}\n`);
      }
      return 0;
    },
  },
  compact: {
    summary: 'rewrite results files in the compact kept form: one line, without the row fields no printer reads',
    options: [],
    files: [
      1,
      Number.POSITIVE_INFINITY,
      'compact needs one or more results files, e.g. results/published/all-quick.json',
    ],
    run(_o, files) {
      const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
      for (const f of files) {
        const { before, after, fields } = compactFile(f);
        process.stdout.write(`${f}: ${mb(before)} → ${mb(after)}; dropped: ${fields.join(', ') || 'nothing'}\n`);
      }
      return 0;
    },
  },
};
