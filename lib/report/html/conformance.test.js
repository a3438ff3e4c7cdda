// The HTML conformance section: a heat map cell per interface and runtime that links to the
// cell's failing subtests, with names escaped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conformanceHtml, heatColor } from './conformance.js';
import { escapeHtml } from './page.js';

const row = (runtime, iface, subtest, status, extra = {}) => ({
  runtime,
  suite: 'url',
  source: 'wpt',
  file: 'url/a.any.js',
  interface: iface,
  name: `url/a.any.js > ${subtest}`,
  subtest,
  status,
  detail: status === 'pass' ? null : 'assert_equals: <b>no</b>',
  ...extra,
});

test('the heat map has a cell per interface and runtime, linking to its failing subtests', () => {
  const rows = [
    row('node', 'URL', null, 'pass', { count: 9 }),
    row('bun', 'URL', null, 'pass', { count: 8 }),
    row('bun', 'URL', 'ESC \x1b[2J name', 'fail'),
    row('bun', 'URL', 'known', 'expected-fail', { kind: 'not-implemented' }),
    row('node', 'Streams', 'x', 'pass'),
  ];
  const html = conformanceHtml(rows, escapeHtml);
  assert.match(html, /<th scope="row"[^>]*>URL<\/th>/);
  assert.match(html, /100\.0% 9\/9/);
  assert.match(html, /<a href="#wpt-url-bun">80\.0% 8\/10 !<\/a>/);
  assert.match(html, /<details id="wpt-url-bun"><summary>URL on bun: 2 not passing<\/summary>/);
  assert.match(html, /ESC \\x1b\[2J name/, 'control characters shown as text');
  assert.ok(!html.includes('\x1b'), 'no raw ESC');
  assert.match(html, /<i>not-implemented<\/i>/);
  assert.match(html, /&#60;b&#62;no&#60;\/b&#62;/, 'messages escaped');
  assert.doesNotMatch(html, /wpt-url-node"/, 'no list for a cell with no failure');
  assert.equal(conformanceHtml([{ runtime: 'node', source: 'check', name: 'c', status: 'pass' }], escapeHtml), '');
});

test("the conformance section names each directory's pinned WPT commit and its date", () => {
  const html = conformanceHtml([row('node', 'URL', 'a', 'pass')], escapeHtml, {
    commits: { url: 'c928b19ab04a4525' },
    commit_dates: { c928b19ab04a4525: '2000-01-03' },
  });
  assert.match(
    html,
    /<p class="notes">WPT commits \(pinned per directory\) and dates: url c928b19ab04a 2000-01-03<\/p>/,
  );
});

test('the heat colour goes from red below 80% to green at 100%', () => {
  assert.equal(heatColor(0.5), 'hsl(0 65% 85%)');
  assert.equal(heatColor(0.9), 'hsl(60 65% 85%)');
  assert.equal(heatColor(1), 'hsl(120 65% 85%)');
});
