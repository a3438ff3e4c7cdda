// The HTML Node-test section: a heat map cell per module and runtime that links to the cell's
// files that did not pass, with text escaped and an unsupported runtime shown as such.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeTestHtml } from './node-test.js';
import { escapeHtml } from './page.js';

const row = (runtime, file, outcome, status, extra = {}) => ({
  runtime,
  suite: 'node-test',
  source: 'node-test',
  name: file,
  file,
  module: 'url',
  outcome,
  status,
  detail: outcome === 'pass' ? null : 'AssertionError: <b>no</b>',
  ...extra,
});

test('the heat map has a cell per module and runtime, linking to the files that did not pass', () => {
  const rows = [
    row('node@25.8.1', 'parallel/test-url-a.js', 'pass', 'pass'),
    row('node@25.8.1', 'parallel/test-url-b.js', 'pass', 'pass'),
    row('bun', 'parallel/test-url-a.js', 'pass', 'pass'),
    row('bun', 'parallel/test-url-b.js', 'fail', 'expected-fail', { kind: 'bug' }),
    row('bun', 'parallel/test-url-c.js', 'skip', 'skip', { detail: 'no ICU' }),
  ];
  const html = nodeTestHtml(rows, escapeHtml, { unsupported: { workerd: 'no adapter' } });
  assert.match(html, /<th scope="row"[^>]*>url<\/th><td[^>]*>3<\/td>/);
  assert.match(html, /<a href="#node-test-url-bun">1\/2 \(50%\) s1<\/a>/);
  assert.match(html, /<details id="node-test-url-bun"><summary>url on bun: 1 not passing<\/summary>/);
  assert.match(html, /<i>bug<\/i> parallel\/test-url-b\.js/);
  assert.match(html, /&#60;b&#62;no&#60;\/b&#62;/, 'first error lines escaped');
  assert.match(html, /<td title="no adapter">unsupported<\/td>/);
  assert.doesNotMatch(html, /node-test-url-node-25-8-1"/, 'no list for a cell with no failure');
  assert.equal(nodeTestHtml([{ runtime: 'node', source: 'wpt', name: 'x', status: 'pass' }], escapeHtml), '');
});
