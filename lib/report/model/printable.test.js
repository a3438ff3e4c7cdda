// Names from results files reach the terminal, markdown and HTML with control characters shown
// as text: unit cases, then a real WPT run over a fixture whose subtest names hold ESC sequences.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { escapeHtml } from '../html/page.js';
import { printTable } from '../text/print.js';
import { cellText, simpleTable } from './model.js';
import { printable } from './printable.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for them
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

test('control characters print as escapes; ordinary text, tabs as \\t and backslashes unchanged otherwise', () => {
  assert.equal(printable('a\x1b[2Jb'), 'a\\x1b[2Jb');
  assert.equal(printable('\0\r\n\f\t\v\b'), '\\0\\r\\n\\f\\t\\v\\b');
  assert.equal(printable('\x07\x7f\x85'), '\\x07\\x7f\\x85');
  assert.equal(printable('rtl \u202e x'), 'rtl \\u202e x');
  assert.equal(printable('https://a/b\\c é 日本'), 'https://a/b\\c é 日本');
  assert.equal(cellText({ text: 'x\x1by' }), 'x\\x1by');
  assert.equal(escapeHtml('<b>\x1b</b>'), '&#60;b&#62;\\x1b&#60;/b&#62;');
  const t = simpleTable(null, ['name', 'n'], [['ESC \x1b[H here', '1']]);
  for (const format of /** @type {const} */ (['text', 'markdown'])) {
    const out = printTable(t, { format });
    assert.doesNotMatch(out, RAW, format);
    assert.match(out, /ESC \\x1b\[H here/, format);
  }
});

test('make wpt over subtest names with ESC, NUL, CR and form feed prints none of them raw', () => {
  const r = spawnSync(
    process.execPath,
    [
      'lib/run/cli.js',
      'wpt',
      '--runtimes',
      'node',
      '--wpt-dir',
      join(ROOT, 'conformance', 'fixtures', 'wpt-names'),
      '--dirs',
      'names',
      '--no-write',
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  // Two subtests fail with no expectation for them: an unexpected failure is exit 1.
  assert.equal(r.status, 1, r.stderr);
  assert.doesNotMatch(r.stdout, RAW);
  assert.match(r.stdout, /FAIL ESC \\x1b\[2J\\x1b\[H clears the screen, BEL \\x07/);
  assert.match(r.stdout, /NUL \\0 CR \\r FF \\f TAB \\t and a right-to-left override \\u202e/);
  assert.match(r.stdout, /fails on purpose: NUL \\0 in a message/);
});
