// Every kept file made again from one commit, on this machine, one command after another. Each
// file under results/published/ records the command that made it (`command`); this replays those
// commands from the checkout it runs in, so that every file it writes names that
// checkout's commit. It runs for hours (the sum of the files' own run times, printed first): start
// it with nothing else on the machine and leave it, then read what changed (`git diff --stat
// results/published`) and bring the docs along (make readme, then test/docs-figures.test.js
// names each quoted figure no kept file gives any more).
//
//   node tools/regenerate-published.js [--dry-run] [--only a.json,b.json] [--root DIR] [--no-wait]
//
// --dry-run prints the plan (commands, order, time) and exits. --root runs another checkout's
// commands (a worktree of the commit to make them from; default: this one). Before each command
// it waits until nothing else uses the CPU (a run kept is made with nothing else running; the load
// average would count the command before for a minute after it ended; --no-wait skips that). A
// file whose command fails keeps its old copy (every writer here writes atomically) and the run
// goes on; the exit status is 1 if any failed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compactFile } from '../lib/results/compact.js';
import { shellQuote } from '../lib/runtimes/drivers/process.js';

const HERE = fileURLToPath(new URL('..', import.meta.url));
export const PUBLISHED = 'results/published';
/** "Nothing else running": the share of all cores' time other work may take (half of one of 2). */
const BUSY_MAX = 0.25;
/** A kept file larger than this is written in the compact form (test/compact.test.js MAX_BYTES). */
const MAX_BYTES = 2e6;

/**
 * Split a recorded command line as a POSIX shell would (single and double quotes, backslash
 * escapes outside single quotes); no expansions. @param {string} line
 * @returns {string[]}
 */
export function shellWords(line) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word ?? '') + c;
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

/**
 * One kept file's command as this checkout runs it: the script it ran (lib/run/cli.js or a tool,
 * from whichever checkout it was made in) as a path of this one, run by this node; anything before
 * the node (taskset -c 0) kept. Null when the command ran no script of this project.
 * @param {string} command
 * @returns {{prefix: string[], script: string, args: string[]} | null}
 */
export function replayable(command) {
  const words = shellWords(command);
  const scripts = words.map((w) => /(?:^|\/)(lib\/run\/cli\.js|tools\/[\w.-]+\.js)$/.exec(w)?.[1]);
  const at = scripts.findIndex(Boolean);
  if (at < 0) return null;
  const script = /** @type {string} */ (scripts[at]);
  const prefix = words.slice(0, at).filter((w, i, all) => !(i === all.length - 1 && /(^|\/)node$/.test(w)));
  return { prefix, script, args: rejoinLists(words.slice(at + 1)) };
}

/**
 * Commands recorded before they were quoted (wpt, checks and WPT bisects joined their arguments
 * with spaces) split `--runtimes 'node deno'` into `--runtimes node deno`: the words after
 * `--runtimes` up to the next option are its one value again. No command of these takes
 * positional arguments after it, so nothing else is joined.
 * @param {string[]} args
 */
function rejoinLists(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    out.push(args[i]);
    if (args[i] !== '--runtimes') continue;
    let j = i + 1;
    while (j < args.length && !args[j].startsWith('--')) j++;
    if (j > i + 1) out.push(args.slice(i + 1, j).join(' '));
    i = j - 1;
  }
  return out;
}

/**
 * The plan: every kept file (a .json with a `command`, or a bisect folder whose steps record one)
 * with the command that makes it again, in an order where a file another command reads is made
 * first; and the files it cannot make, each with the reason.
 * @param {string} [root]
 * @returns {{steps: {name: string, run: NonNullable<ReturnType<typeof replayable>>, elapsed_s: number | null,
 *   conformance: boolean, inputs: string[]}[], skipped: {name: string, why: string}[]}}
 */
export function planRegeneration(root = HERE) {
  const dir = join(root, PUBLISHED);
  const steps = [];
  const skipped = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const first = join(path, 'step-1.json');
      const step = existsSync(first) ? stepOf(name, JSON.parse(readFileSync(first, 'utf8')), null) : null;
      if (step) steps.push(step);
      else skipped.push({ name, why: 'a folder whose step-1.json records no command of this project (not a bisect)' });
      continue;
    }
    if (!name.endsWith('.json')) continue; // a timeline's .html is written beside its .json
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    const elapsed = doc.adaptive?.elapsed_s ?? (Date.parse(doc.finished) - Date.parse(doc.started)) / 1000;
    const step = stepOf(name, doc, Number.isFinite(elapsed) ? elapsed : null);
    if (!step) skipped.push({ name, why: 'its command ran no script of this project' });
    else if (!step.conformance && !step.run.args.some((a) => a.includes(`${PUBLISHED}/`)))
      skipped.push({
        name,
        why: 'its command names no kept file to write (a before-state kept beside the change it measured, made by hand)',
      });
    else steps.push(step);
  }
  return { steps: ordered(steps), skipped };

  function stepOf(name, doc, elapsed_s) {
    const run = typeof doc.command === 'string' ? replayable(doc.command) : null;
    if (!run) return null;
    const own = `${PUBLISHED}/${name}`;
    const inputs = run.args.filter((a) => a.startsWith(`${PUBLISHED}/`) && a !== own && !a.startsWith(`${own}/`));
    // wpt and node-compat write results/<stamp>-<host>-conformance.json: the kept file is that one.
    const conformance = run.script === 'lib/run/cli.js' && ['wpt', 'node-compat'].includes(run.args[0]);
    return { name, run, elapsed_s, conformance, inputs };
  }
}

/** Steps in an order where each runs after the steps whose files it reads (stable otherwise). */
function ordered(steps) {
  const byPath = new Map(steps.map((s) => [`${PUBLISHED}/${s.name}`, s]));
  const out = [];
  const done = new Set();
  const visit = (s, path = []) => {
    if (done.has(s)) return;
    if (path.includes(s)) throw new Error(`kept files read each other: ${[...path, s].map((x) => x.name).join(' → ')}`);
    for (const input of s.inputs) {
      const dep = byPath.get(input);
      if (dep) visit(dep, [...path, s]);
    }
    done.add(s);
    out.push(s);
  };
  for (const s of steps) visit(s);
  return out;
}

const fmt = (s) =>
  s >= 3600 ? `${(s / 3600).toFixed(1)} h` : s >= 60 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`;
const text = (s) => [...s.run.prefix, 'node', s.run.script, ...s.run.args].map(shellQuote).join(' ');

/** The share of all cores' time spent busy over the next `ms` (the kernel's counters, as top reads them). */
function busyShare(ms) {
  const sum = () =>
    cpus().reduce(
      (a, c) => ({ idle: a.idle + c.times.idle, all: a.all + Object.values(c.times).reduce((x, y) => x + y, 0) }),
      { idle: 0, all: 0 },
    );
  const a = sum();
  spawnSync('sleep', [String(ms / 1000)]);
  const b = sum();
  return b.all > a.all ? 1 - (b.idle - a.idle) / (b.all - a.all) : 0;
}

function waitForQuiet() {
  let said = false;
  for (let busy = busyShare(3000); busy > BUSY_MAX; busy = busyShare(3000)) {
    if (!said)
      process.stderr.write(
        `  waiting: other work takes ${Math.round(busy * 100)}% of the CPU (at most ${BUSY_MAX * 100}%)\n`,
      );
    said = true;
    spawnSync('sleep', ['10']);
  }
}

/** The newest conformance file `make wpt` or `make node-compat` wrote under results/ since `since` (ms). */
function newestConformance(root, since) {
  const dir = join(root, 'results');
  const found = readdirSync(dir)
    .filter((n) => n.endsWith('-conformance.json'))
    .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs }))
    .filter((x) => x.t >= since)
    .sort((a, b) => b.t - a.t);
  return found.length ? join(dir, found[0].n) : null;
}

/**
 * The command line: `{dry, noWait, only, root}`, or a one-line error naming what is valid.
 * @param {string[]} argv
 */
function optionsOf(argv) {
  const flagValue = (flag) => (argv.includes(flag) ? (argv[argv.indexOf(flag) + 1] ?? '') : null);
  const onlyText = flagValue('--only');
  const takesValue = ['--only', '--root'];
  const unknown = argv.filter(
    (a, i) =>
      a.startsWith('--') && !['--dry-run', '--no-wait', ...takesValue].includes(a) && !takesValue.includes(argv[i - 1]),
  );
  if (unknown.length) {
    return { error: `unknown option ${unknown[0]}; valid: --dry-run, --no-wait, --only a.json,b.json, --root DIR` };
  }
  return {
    dry: argv.includes('--dry-run'),
    noWait: argv.includes('--no-wait'),
    only: onlyText === null ? null : new Set(onlyText.split(',').filter(Boolean)),
    root: flagValue('--root') ?? HERE,
  };
}

/**
 * Make one kept file again, its output in `logs/<name>.log`; true when it was made. wpt and
 * node-compat write results/<stamp>-<host>-conformance.json and the kept copy is that file; they exit 1 on an
 * unexpected failure, which is a finding here, not a failed regeneration.
 */
function makeStep(ROOT, s, logs) {
  const started = Date.now();
  const [bin, ...args] = [...s.run.prefix, process.execPath, join(ROOT, s.run.script), ...s.run.args];
  const r = spawnSync(bin, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
  const log = join(logs, `${s.name}.log`);
  writeFileSync(log, `$ ${text(s)}\n${r.stdout ?? ''}${r.stderr ?? ''}`);
  let ok = r.status === 0 || (s.conformance && r.status === 1);
  if (ok && s.conformance) {
    const made = newestConformance(ROOT, started);
    if (made) renameSync(made, join(ROOT, PUBLISHED, s.name));
    else ok = false;
  }
  const out = join(ROOT, PUBLISHED, s.name);
  if (ok && out.endsWith('.json') && statSync(out).size > MAX_BYTES) compactFile(out);
  process.stderr.write(
    `  ${ok ? 'made' : `FAILED (exit ${r.status ?? r.signal}; ${relative(ROOT, log)})`} in ${fmt((Date.now() - started) / 1000)}\n`,
  );
  return ok;
}

function main(argv) {
  const o = optionsOf(argv);
  if ('error' in o) {
    console.error(`regenerate-published: ${o.error}`);
    return 2;
  }
  const { dry, noWait, only } = o;
  const ROOT = o.root;
  if (!existsSync(join(ROOT, 'lib', 'run', 'cli.js')) || !existsSync(join(ROOT, PUBLISHED))) {
    console.error(`regenerate-published: --root ${ROOT} is not a parity checkout (no lib/run/cli.js or ${PUBLISHED}/)`);
    return 2;
  }
  const plan = planRegeneration(ROOT);
  if (only) {
    const names = new Set(plan.steps.map((s) => s.name));
    const missing = [...only].filter((n) => !names.has(n));
    if (missing.length) {
      console.error(
        `regenerate-published: no kept file to make named ${missing.join(', ')}; kept: ${[...names].join(', ')}`,
      );
      return 2;
    }
  }
  const steps = plan.steps.filter((s) => !only || only.has(s.name));
  const dirty = execFileSync('git', ['status', '--porcelain', '--', '.', ':(exclude)results'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const known = steps.reduce((a, s) => a + (s.elapsed_s ?? 0), 0);
  console.log(
    `${steps.length} kept file(s) from commit ${commit}; their recorded run times add up to ${fmt(known)} (bisects not counted)`,
  );
  for (const s of plan.skipped) console.log(`  not made again: ${s.name}: ${s.why}`);
  steps.forEach((s, i) => {
    console.log(`  ${i + 1}. ${s.name} (${s.elapsed_s === null ? 'time not recorded' : fmt(s.elapsed_s)}): ${text(s)}`);
  });
  if (dry) return 0;
  if (dirty.trim()) {
    console.error(
      'regenerate-published: the checkout has changes outside results/; commit them, so that every file names one commit',
    );
    return 2;
  }
  const logs = join(ROOT, 'results', `regenerate-${commit}`);
  mkdirSync(logs, { recursive: true });
  const failed = [];
  const t0 = Date.now();
  steps.forEach((s, i) => {
    if (!noWait) waitForQuiet();
    process.stderr.write(`[${i + 1}/${steps.length}] ${s.name} (${fmt((Date.now() - t0) / 1000)} in) …\n`);
    if (!makeStep(ROOT, s, logs)) failed.push(s.name);
  });
  console.log(
    `${steps.length - failed.length} of ${steps.length} made in ${fmt((Date.now() - t0) / 1000)}${failed.length ? `; failed: ${failed.join(', ')}` : ''}; logs in ${relative(ROOT, logs)}`,
  );
  return failed.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
