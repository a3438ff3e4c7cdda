// strace's summary, from recorded output of real starts (bun and deno, strace 6.1, Debian 12).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../../paths.js';
import { parseStraceSpawns, parseStraceTotal, parseTasks, straceArgv } from './strace.js';

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

test('tasks alive: the most at once, and those alive when the main thread called exit_group', () => {
  // node's worker script: 7 threads started, the worker's own ended before the exit, 2 helpers after.
  assert.deepEqual(parseTasks(recorded('strace-tasks-node-worker.txt')), { peak: 8, at_exit: 3, created: 7 });
  // A call strace split around another task's line still counts its new task.
  const split = [
    '10 clone3({flags=CLONE_VM|CLONE_THREAD} <unfinished ...>',
    '10 <... clone3 resumed> => {parent_tid=[11]}, 88) = 11',
    '10 clone(child_stack=NULL, flags=SIGCHLD) = 12',
    '12 +++ exited with 0 +++',
    '10 exit_group(0)                     = ?',
    '11 +++ exited with 0 +++',
    '10 +++ exited with 0 +++',
  ].join('\n');
  assert.deepEqual(parseTasks(split), { peak: 3, at_exit: 2, created: 2 });
  // One thread only: bun's empty start makes none.
  assert.deepEqual(parseTasks('7 exit_group(0) = ?\n7 +++ exited with 0 +++\n'), { peak: 1, at_exit: 1, created: 0 });
  assert.equal(parseTasks(''), null);
});
