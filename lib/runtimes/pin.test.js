import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { pinning, pinSelf } from './pin.js';

/** Cpus_allowed_list of every thread of this process. */
const allowed = () =>
  readdirSync('/proc/self/task').map(
    (tid) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/self/task/${tid}/status`, 'utf8'))?.[1],
  );

test('the orchestrator pins every thread to the client core for a job, then takes every core again', {
  skip: !(availableParallelism() >= 2 && existsSync('/usr/bin/taskset')) && 'needs taskset and two cores',
}, () => {
  const pin = /** @type {{client: string, server: string}} */ (pinning());
  const before = allowed();
  const unpin = pinSelf(pin.client);
  try {
    assert.deepEqual(new Set(allowed()), new Set([pin.client]));
  } finally {
    unpin();
  }
  assert.deepEqual(new Set(allowed()), new Set([`0-${availableParallelism() - 1}`]));
  assert.ok(before.length > 0);
});
