// parity's command line, the only one: every command (run, table, diff, report, ci-leg, timeline,
// wpt, checks, …) is an entry of one table, parsed by one parser against one list of options
// (options.js) with one set of defaults. The table writes the help text and the errors too, so
// they cannot drift apart. Bad input is one line and exit code 2.
//
//   node lib/run/cli.js run --runtimes node,deno,bun [--suite math] [--quick]
//   node lib/run/cli.js help
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { displayPath, ROOT, UsageError } from '../paths.js';
import { aaReport, floorByRow } from '../report/across/aa.js';
import { diffGate } from '../report/across/diff.js';
import { mergeTable } from '../report/across/merge.js';
import { analysesOf } from '../report/analyses/index.js';
import { readmeCommand } from '../report/docs-blocks.js';
import { EXPORTS, exportFormat } from '../report/export/formats.js';
import { renderHtml } from '../report/html/page.js';
import { precisionHeader } from '../report/model/precision-header.js';
import { serveResults } from '../report/serve.js';
import { printFormat, printTable, wantsColor } from '../report/text/print.js';
import { renderResults } from '../report/text/render.js';
import { compactFile } from '../results/compact.js';
import { provenanceWarnings, readResults, SCHEMA_ID } from '../results/file.js';
import { listRuntimes } from '../runtimes/list.js';
import { CHECKS_COMMANDS } from './commands/checks.js';
import { TIMELINE_COMMANDS } from './commands/timeline.js';
import { WPT_COMMANDS } from './commands/wpt.js';
import { newestResults, refuseUnequal, showList, tableFilter } from './inputs.js';
import { run } from './loop/loop.js';
import { DEFAULT_RUNTIMES, OPTIONS } from './options.js';
import { CI_COMMANDS } from './workflows/ci.js';
import { GATE_COMMANDS } from './workflows/gate.js';

/** @typedef {import('./options.js').Command} Command */

/** Print provenance differences between files before any of their numbers, on one line. */
const warnProvenance = (docs) => {
  const w = provenanceWarnings(docs);
  if (w.length) process.stderr.write(`parity: warning: ${w.join('; ')}\n`);
};

/** run and compare: the default runtimes unless named (an A/A run names its one runtime). */
const runWithDefaults = (o) => run({ ...o, runtimes: o.runtimes || (o.aa ? undefined : DEFAULT_RUNTIMES) });

const RUN_OPTIONS = [
  'aa',
  'strict',
  'params',
  'runtimes',
  'suite',
  'workload',
  'quick',
  'rounds',
  'seed',
  'precision',
  'budget',
  'timeout',
  'mem-cap',
  'min-ms',
  'warmup-ms',
  'starts',
  'baseline',
  'show',
  'out',
  'suites-dir',
  'conformance',
];

/**
 * Every command: parity's own, the CI legs', the releases' (timeline, bisect) and conformance's
 * (wpt, checks). `files` is [min, max] positionals, with the error for a wrong count.
 * @type {Record<string, Command>}
 */
export const COMMANDS = {
  run: { summary: 'run the suites on the runtimes, interleaved in rounds', options: RUN_OPTIONS, run: runWithDefaults },
  compare: { summary: 'the same as run (make compare)', options: RUN_OPTIONS, run: runWithDefaults },
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
      const floor = o.floor ? floorByRow(readResults(o.floor)) : undefined;
      const d = diffGate(a, b, { threshold, floor });
      process.stdout.write(`${printTable(d.table, { format: printFormat(o) })}\n\n${d.summary}\n`);
      return d.regressions.length ? 1 : 0;
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
  ...CI_COMMANDS,
  ...GATE_COMMANDS,
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
  ...TIMELINE_COMMANDS,
  ...WPT_COMMANDS,
  ...CHECKS_COMMANDS,
};

/** The help text, generated from COMMANDS and OPTIONS. */
export function helpText() {
  const lines = ['usage: node lib/run/cli.js <command> [options] [files]', ''];
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  for (const [name, c] of Object.entries(COMMANDS)) {
    lines.push(`  ${name.padEnd(width)}${c.summary}`);
    const opts = c.options.map((k) => `--${k}${OPTIONS[k].type === 'string' ? ' X' : ''}`);
    if (opts.length) lines.push(`  ${''.padEnd(width)}${opts.join(' ')}`);
  }
  lines.push('', 'options:');
  const optWidth = Math.max(...Object.keys(OPTIONS).map((k) => k.length)) + 2;
  for (const [k, v] of Object.entries(OPTIONS)) lines.push(`  --${k.padEnd(optWidth)}${v.help}`);
  return lines.join('\n');
}

/** CLI entry; returns the process exit code. */
export async function cli(argv) {
  const options = Object.fromEntries(
    Object.entries(OPTIONS).map(([k, v]) => [k, { type: v.type, ...(v.short ? { short: v.short } : {}) }]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: /** @type {any} */ (options) });
  } catch (e) {
    throw new UsageError(`${/** @type {any} */ (e).message}; see: node lib/run/cli.js help`);
  }
  const values = /** @type {Record<string, any>} */ (parsed.values);
  const { positionals } = parsed;
  const [name, ...files] = positionals;
  if (values.help || !name || name === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return name || values.help ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command)
    throw new UsageError(`Unknown command "${name}": valid commands are ${Object.keys(COMMANDS).join(', ')}`);
  const extra = Object.keys(values).filter((k) => !command.options.includes(k));
  if (extra.length) {
    throw new UsageError(
      `${name} does not take --${extra[0]}: valid options are ${command.options.map((k) => `--${k}`).join(', ') || 'none'}`,
    );
  }
  const [min, max, error] = command.files ?? [0, 0, `${name} takes no files`];
  if (files.length < min || files.length > max) throw new UsageError(error);
  if (values.show !== undefined) showList(values.show);
  return command.run(values, files);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // A reader that closes the pipe (make export | head) has all it wanted: end quietly, as cat does.
  process.stdout.on('error', (e) => {
    if (/** @type {any} */ (e).code === 'EPIPE') process.exit(0);
    throw e;
  });
  try {
    process.exitCode = await cli(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`parity: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  }
}
