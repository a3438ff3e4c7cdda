// Every shipped expectation is a finding someone read: a kind, a reason that names what is wrong
// (never a cross-runtime rule such as "fails where X passes under the same harness", never "not
// yet investigated", never make wpt-update's draft), a flaky list only beside a reason that says
// why, and an outdated-test entry names the upstream change that reversed the test.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXPECTATIONS_DIR } from './expectations.js';

/** Reasons that come from a rule or a draft, not from reading the failure. */
const GENERIC = [
  /fails where .* pass(es)? under the same harness/i,
  /not yet investigated/i,
  /observed failing on \d{4}-\d{2}-\d{2}; read the failures/i,
  // Category labels an earlier sorter gave by message pattern, naming nothing.
  /a method or object the test calls is missing|a global the test needs is not implemented/i,
  /the interface is not exposed on the global|an algorithm or key format the runtime does not implement/i,
];
/** An upstream change: a spec or WPT pull request or commit URL, or a 40-hex commit id. */
const UPSTREAM = /https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(pull|commit)\/\w+|\b[0-9a-f]{40}\b/;

const files = readdirSync(EXPECTATIONS_DIR).filter((f) => f.endsWith('.json'));
const entries = files.flatMap((f) =>
  Object.entries(JSON.parse(readFileSync(join(EXPECTATIONS_DIR, f), 'utf8')))
    .filter(([key]) => !key.startsWith('$'))
    .map(([key, e]) => ({ at: `${f} ${key}`, e, reason: e.fail?.note ?? e.skip ?? '' })),
);

test('the shipped expectation files hold entries to check', () => {
  assert.ok(files.length >= 6 && entries.length >= 500, `${files.length} files, ${entries.length} entries`);
});

test('no expectation has a generic reason, a drafted kind or no kind', () => {
  const bad = entries
    .filter(({ e, reason }) => !e.kind || e.kind === 'todo' || GENERIC.some((re) => re.test(reason)))
    .map(({ at, reason }) => `${at}: ${reason.slice(0, 100)}`);
  assert.deepEqual(bad, []);
});

test('every outdated-test expectation names the upstream change that reversed the test', () => {
  const outdated = entries.filter(
    ({ e }) => e.kind === 'outdated-test' || Object.values(e.fail?.kinds ?? {}).includes('outdated-test'),
  );
  assert.ok(outdated.length > 0, 'the xn-- URL subtests at least are outdated-test');
  assert.deepEqual(
    outdated.filter(({ reason }) => !UPSTREAM.test(reason)).map(({ at }) => at),
    [],
  );
});

test('a flaky list stands beside a reason that says why the subtest may go either way', () => {
  const bad = entries
    .filter(({ e, reason }) => e.fail?.flaky?.length && !/flaky|timing|random|either way/i.test(reason))
    .map(({ at }) => at);
  assert.deepEqual(bad, []);
});

test('the checks catch what they are for', () => {
  const reason = 'fails where node, deno pass under the same harness (first: assert_equals: expected 2 but got 3)';
  assert.ok(GENERIC.some((re) => re.test(reason)));
  assert.ok(GENERIC.some((re) => re.test('departs in these subtests, not yet investigated one by one')));
  assert.ok(!GENERIC.some((re) => re.test("Blob.slice() truncates a fractional start where WebIDL's [Clamp] rounds")));
  assert.ok(UPSTREAM.test('whatwg/url PR 914, https://github.com/whatwg/url/pull/914'));
  assert.ok(!UPSTREAM.test('the standard changed since'));
});
