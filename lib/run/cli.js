import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { UsageError } from '../paths.js';
import { CHECKS_COMMANDS } from './commands/checks.js';
import { NODE_COMPAT_COMMANDS } from './commands/node-compat.js';
import { REPORT_COMMANDS } from './commands/report.js';
import { TIMELINE_COMMANDS } from './commands/timeline.js';
import { WPT_COMMANDS } from './commands/wpt.js';
import { showList } from './inputs.js';
import { run } from './loop/loop.js';
import { DEFAULT_RUNTIMES, OPTIONS } from './options.js';
import { CI_COMMANDS } from './workflows/ci.js';
import { GATE_COMMANDS } from './workflows/gate.js';

/** @typedef {import('./options.js').Command} Command */

/** run and compare: the default runtimes unless named (an A/A run names its one runtime). */
const runWithDefaults = (o) => run({ ...o, runtimes: o.runtimes || (o.aa ? undefined : DEFAULT_RUNTIMES) });

const RUN_OPTIONS = [
  'aa',
  'calibrate',
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
  ...REPORT_COMMANDS,
  ...CI_COMMANDS,
  ...GATE_COMMANDS,
  ...TIMELINE_COMMANDS,
  ...WPT_COMMANDS,
  ...NODE_COMPAT_COMMANDS,
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
