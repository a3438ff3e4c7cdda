// What one run of a Node test file means, as the outcome record shared with the workerd adapter:
//   { file, outcome: 'pass'|'skip'|'fail'|'timeout'|'crash'|'not-applicable',
//     exit_code, signal, first_error, skip_reason, na_reason, ms }
// A file that calls common.skip() prints `1..0 # Skipped: <reason>` and exits 0: that is a skip,
// never a pass (a runtime without process.versions.openssl would otherwise "pass" every crypto file).
import { NODE_TEST_DETAIL_MAX } from '../../results/node-test.js';

/** Every outcome, in the order tables list them. */
export const OUTCOMES = ['pass', 'skip', 'fail', 'timeout', 'crash', 'not-applicable'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const SKIPPED = /^1\.\.0 # Skipped: ?(.*)$/m;
/** Lines that state an error: a thrown Error's head (Node), `error: …` (deno, bun), a panic. */
const ERROR_LINE = [
  /^(?:Uncaught (?:\(in promise\) )?)?(?:[\w$]+\.)?[A-Z][\w$]*(?:Error|Exception)\b(?: \[[\w$]+\])?(?::|$)/,
  /^error: /i,
  // test/common's mustCall check at exit (Node's own wording).
  /^Mismatched .* function calls\./,
  /panicked|^panic\b|^Segmentation fault|^Assertion failed|^#\s*Fatal error/i,
];

/**
 * The line of a failed run's output that says what went wrong: the first line that states an
 * error, else the last line of stderr, else of stdout.
 * @param {string} stderr
 * @param {string} [stdout]
 */
export function firstErrorLine(stderr, stdout = '') {
  const lines = (s) =>
    String(s ?? '')
      .replace(ANSI, '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const err = lines(stderr);
  const out = lines(stdout);
  const found = [...err, ...out].find((l) => ERROR_LINE.some((re) => re.test(l)));
  const line = found ?? err.at(-1) ?? out.at(-1) ?? null;
  return line === null ? null : line.slice(0, NODE_TEST_DETAIL_MAX);
}

/**
 * An outcome record from how a process ended.
 * @param {string} file
 * @param {{code: number | null, signal: string | null, killed: boolean, stdout: string, stderr: string,
 *   ms: number, spawnError?: Error | null}} end
 * @param {number} timeoutMs
 */
export function outcomeOf(file, end, timeoutMs) {
  const rec = {
    file,
    outcome: /** @type {string} */ ('pass'),
    exit_code: end.code,
    signal: end.signal,
    first_error: /** @type {string | null} */ (null),
    skip_reason: /** @type {string | null} */ (null),
    na_reason: /** @type {string | null} */ (null),
    ms: Math.round(end.ms),
  };
  if (end.spawnError) return { ...rec, outcome: 'fail', first_error: `could not start: ${end.spawnError.message}` };
  if (end.killed)
    return { ...rec, outcome: 'timeout', signal: null, first_error: `killed after ${timeoutMs} ms (timeout)` };
  if (end.signal)
    return {
      ...rec,
      outcome: 'crash',
      first_error: firstErrorLine(end.stderr, end.stdout) ?? `killed by ${end.signal}`,
    };
  if (end.code !== 0)
    return { ...rec, outcome: 'fail', first_error: firstErrorLine(end.stderr, end.stdout) ?? `exit code ${end.code}` };
  const skipped = SKIPPED.exec(String(end.stdout).replace(ANSI, ''));
  if (skipped) return { ...rec, outcome: 'skip', skip_reason: skipped[1].trim() || '(no reason given)' };
  return rec;
}

/**
 * A first error line with what changes from run to run taken out (the suite root's temporary
 * path, line and column numbers), so failures with one cause fall into one group.
 * @param {string | null} line
 * @param {string} [root]  the prepared suite root
 */
export function groupKey(line, root) {
  if (!line) return '(no output)';
  let s = root ? line.split(root).join('<root>') : line;
  s = s
    .replace(/\/tmp\/parity-node-test-[\w]+/g, '<root>')
    // The failing file's own path differs in every file of a group: one placeholder for all.
    .replace(/<root>\/[^\s'"]*/g, '<root>/…')
    .replace(/:\d+(?::\d+)?\b/g, ':N');
  return s;
}
