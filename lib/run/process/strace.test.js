// strace's summary, from recorded output of real starts (bun and deno, strace 6.1, Debian 12).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { parseStraceSpawns, parseStraceTotal, straceArgv } from './strace.js';

const recorded = (name) => readFileSync(join(ROOT, 'test', 'fixtures', 'outside', name), 'utf8');

test('the total of an strace -c summary is its calls column, with or without failed calls', () => {
  assert.equal(parseStraceTotal(recorded('strace-c-bun.txt')), 250);
  assert.equal(parseStraceTotal(recorded('strace-c-deno.txt')), 1181);
  assert.equal(parseStraceTotal('100.00    0.000100           1       100           total\n'), 100);
  assert.equal(parseStraceTotal('strace: exec: No such file or directory\n'), null);
});

test('without strace installed there is no command, so the figure is absent rather than zero', () => {
  assert.equal(straceArgv('/bin/x', ['a'], '/tmp/f', false), null);
  assert.deepEqual(straceArgv('/bin/x', ['a'], '/tmp/f', true), [
    '/usr/bin/strace',
    ['-f', '-c', '-o', '/tmp/f', '--', '/bin/x', 'a'],
  ]);
});

test('threads and processes started are the successful clone, clone3, fork and vfork calls', () => {
  assert.equal(parseStraceSpawns(recorded('strace-c-deno.txt')), 5);
  assert.equal(parseStraceSpawns(recorded('strace-c-bun.txt')), 0);
  const failed =
    '  1.00    0.000010           1         4         1 clone3\n100.00    0.001000           1      1000         1 total\n';
  assert.equal(parseStraceSpawns(failed), 3);
  assert.equal(parseStraceSpawns('no summary'), null);
});
