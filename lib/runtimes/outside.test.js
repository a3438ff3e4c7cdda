import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../paths.js';
import {
  checkGnuTime,
  descendantsIn,
  outsideMeasurement,
  parseBsdTimeOutput,
  parsePs,
  parseStartTime,
  parseTimeOutput,
  psDescendants,
  unmeasuredNow,
} from './outside.js';

// Outputs recorded from the real tools: GNU time 1.9 (Debian) with parity's format, BSD time -l
// on macOS 14 (arm64), ps -A -o pid=,ppid= on macOS.
const recorded = (name) => readFileSync(join(ROOT, 'test', 'fixtures', 'outside', name), 'utf8');

test('GNU time: user, sys, max RSS and exit code; a killed command gives its signal and no exit code', () => {
  assert.deepEqual(parseTimeOutput(recorded('gnu-time.txt')), {
    cpu_ms: { user: 1250, sys: 500 },
    rss_peak_bytes: 204800 * 1024,
    exit_code: 0,
    signal_number: null,
  });
  const killed = parseTimeOutput(recorded('gnu-time-killed.txt'));
  assert.equal(killed?.signal_number, 9);
  assert.equal(killed?.exit_code, null);
  assert.equal(parseTimeOutput(recorded('gnu-time-exit3.txt'))?.exit_code, 3);
  assert.equal(parseTimeOutput(''), null);
});

test('macOS: BSD time -l gives user and sys CPU and max RSS in bytes, also for a command killed by a signal', () => {
  assert.deepEqual(parseBsdTimeOutput(recorded('macos-time-l.txt')), {
    cpu_ms: { user: 410, sys: 80 },
    rss_peak_bytes: 52903936,
  });
  assert.deepEqual(parseBsdTimeOutput(recorded('macos-time-l-signalled.txt')), {
    cpu_ms: { user: 2870, sys: 110 },
    rss_peak_bytes: 118603776,
  });
  assert.equal(parseBsdTimeOutput('garbage'), null);
});

test('ps output gives the whole tree below a process, and only that tree', () => {
  const table = parsePs(recorded('ps-macos.txt'));
  assert.equal(table.length, 8);
  assert.deepEqual(descendantsIn(table, 4010).sort(), [4011, 4012, 4013, 4020]);
  assert.deepEqual(descendantsIn(table, 4020), []);
});

test('ps lists this process below pid 1 here too (Linux procps prints the same columns)', () => {
  assert.ok(psDescendants(1).includes(process.pid), 'every process descends from pid 1');
});

test('each platform names its outside measurement and what it cannot measure', () => {
  assert.deepEqual(outsideMeasurement('linux').unmeasured, []);
  assert.equal(outsideMeasurement('darwin').timer, 'bsd');
  assert.match(outsideMeasurement('darwin').source, /BSD \/usr\/bin\/time -l/);
  assert.deepEqual(outsideMeasurement('darwin').unmeasured, ['memory cap', 'tree']);
  assert.equal(outsideMeasurement('win32').timer, null);
  assert.deepEqual(outsideMeasurement('win32').unmeasured, ['cpu_ms', 'rss_peak_bytes', 'memory cap', 'tree']);
});

test('a figure a job lacks is named beside what the platform cannot measure, once', () => {
  assert.deepEqual(unmeasuredNow([], { cpu_ms: { user: 1, sys: 0 }, rss_peak_bytes: 5 }), []);
  assert.deepEqual(unmeasuredNow(['memory cap'], { cpu_ms: null, rss_peak_bytes: 5 }), ['memory cap', 'cpu_ms']);
  assert.deepEqual(unmeasuredNow(['cpu_ms'], { cpu_ms: null, rss_peak_bytes: null }), ['cpu_ms', 'rss_peak_bytes']);
});

test('checkGnuTime does not throw on macOS or Windows, where GNU time is not the outside measurement', () => {
  assert.doesNotThrow(() => checkGnuTime('darwin'));
  assert.doesNotThrow(() => checkGnuTime('win32'));
});

test("GNU time's start-up line: CPU, max RSS, minor and major faults, exit code; a killed start gives its signal", () => {
  // Recorded from a node process spinning 1.3 s: "1.37 1.36 0.00 46212 2798 8 0".
  assert.deepEqual(parseStartTime(recorded('gnu-time-start.txt')), {
    cpu_ms: { user: 1360, sys: 0 },
    rss_peak_bytes: 46212 * 1024,
    minor_faults: 2798,
    major_faults: 8,
    exit_code: 0,
    signal_number: null,
  });
  const killed = parseStartTime(recorded('gnu-time-start-killed.txt'));
  assert.equal(killed?.signal_number, 9);
  assert.equal(killed?.exit_code, null);
  assert.equal(parseStartTime('0.01 0.00 0.00 1524 86 0'), null, 'a line without the exit status is not one of ours');
});
