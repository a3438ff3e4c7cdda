import { join } from 'node:path';
import { ROOT } from '../../paths.js';
import { globToRegExp, loadValidated } from '../expectations.js';

/** Folder holding one expectations file per runtime id. */
export const NODE_TEST_EXPECTATIONS_DIR = join(ROOT, 'conformance', 'node-test', 'expectations');

/** Why a file is expected not to pass, in kinds a reader can filter. */
export const NODE_TEST_KINDS = {
  'not-implemented': 'the runtime does not implement the API the file uses (the reason names it)',
  bug: 'the runtime implements the API and does something else (the reason names what)',
  build: 'a build option of the runtime (ICU data, OpenSSL or BoringSSL version)',
  'engine-specific':
    'the file tests V8 or Node internals (--expose-internals, heap snapshots, the inspector, V8 message wording): listed apart so a reader can leave them out',
  'not-applicable':
    'the file needs what the runtime cannot offer by design (a process, a listening socket, a host file system)',
  harness: "a limit of parity's harness: excluded from the runtime's score",
  'outdated-test': 'the test checks behaviour its own Node version has since changed: excluded from the score',
};

/**
 * Problems with an expectations object (empty when valid).
 * @param {any} data
 * @param {string} label
 */
export function validateNodeTestExpectations(data, label = 'expectations') {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return [`${label}: expected an object keyed by test path`];
  const problems = [];
  for (const [key, e] of Object.entries(data)) {
    if (key.startsWith('$')) continue;
    const at = `${label}: "${key}"`;
    if (typeof e !== 'object' || e === null) {
      problems.push(`${at} must be an object {kind, reason}, got ${JSON.stringify(e)}`);
      continue;
    }
    const extra = Object.keys(e).filter((k) => !['kind', 'reason', 'flaky', 'issue'].includes(k));
    if (extra.length)
      problems.push(`${at} has unknown field(s) ${extra.join(', ')}; valid fields are kind, reason, flaky, issue`);
    if (!Object.hasOwn(NODE_TEST_KINDS, e.kind))
      problems.push(
        `${at}: "kind" must be one of ${Object.keys(NODE_TEST_KINDS).join(', ')}, got ${JSON.stringify(e.kind)}`,
      );
    if (typeof e.reason !== 'string' || !e.reason.trim()) problems.push(`${at}: "reason" must be a non-empty string`);
    if ('flaky' in e && typeof e.flaky !== 'boolean') problems.push(`${at}: "flaky" must be true or false`);
    if ('issue' in e && !/^https:\/\/\S+$/.test(e.issue)) problems.push(`${at}: "issue" must be an https URL`);
  }
  return problems;
}

/**
 * A runtime's expectations; a missing file means every file should pass (or skip).
 * @param {string} runtimeId
 */
export function loadNodeTestExpectations(runtimeId, dir = NODE_TEST_EXPECTATIONS_DIR) {
  return loadValidated(join(dir, `${runtimeId}.json`), validateNodeTestExpectations);
}

/**
 * The entry that covers a file: its exact key, else the first glob that matches.
 * @param {Record<string, any>} data
 * @param {string} file
 * @returns {{key: string, kind: string, reason: string, flaky?: boolean} | null}
 */
export function expectationOf(data, file) {
  if (data[file]) return { key: file, ...data[file] };
  for (const [key, e] of Object.entries(data)) {
    if (!key.startsWith('$') && /[*?]/.test(key) && globToRegExp(key).test(file)) return { key, ...e };
  }
  return null;
}

/**
 * A row status from an outcome and the file's expectation: skips and not-applicable files are
 * what they are; a failure that is expected is `expected-fail`, one that is not stays `fail`,
 * `timeout` or `error` (a crash); a pass that was expected to fail is `unexpected-pass`.
 * @param {string} outcome
 * @param {{flaky?: boolean} | null} exp
 */
export function judge(outcome, exp) {
  if (outcome === 'skip' || outcome === 'not-applicable') return outcome;
  if (outcome === 'pass') return exp && !exp.flaky ? 'unexpected-pass' : 'pass';
  if (exp) return 'expected-fail';
  return outcome === 'crash' ? 'error' : outcome;
}
