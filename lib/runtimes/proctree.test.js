import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runMeasured } from './proc.js';
import { parseChildren, parseStat, parseStatus } from './procfs.js';
import { treeMetrics, treeSampler, wantsTreeMetrics } from './proctree.js';

// Recorded /proc text (Linux 6.x, x86_64): GNU time 500 runs node 501, which has a worker thread
// 505 ("WorkerThread") and a V8 helper 502, and has started two children, 600 and 700 (600 from
// the worker thread, so it is listed under task 505's children).
const stat = (pid, comm, ppid, utime, stime, start = 774626, state = 'S') =>
  `${pid} (${comm}) ${state} ${ppid} ${pid} 8403 0 -1 4194304 2169 0 0 0 ${utime} ${stime} 0 0 20 0 7 0 ${start} 745713664 10060 18446744073709551615 11988992 39846385 0 0 0 0 16781312 17922 0 0 0 17 1 0 0 0 0 0\n`;
const status = (name, rssKiB, hwmKiB) =>
  `Name:\t${name}\nUmask:\t0022\nState:\tS (sleeping)\nPid:\t1\nVmPeak:\t  900000 kB\nVmSize:\t  745713 kB\nVmHWM:\t${String(hwmKiB).padStart(8)} kB\nVmRSS:\t${String(rssKiB).padStart(8)} kB\nThreads:\t7\n`;

/** Two snapshots of a fake /proc; between them child 700 exits and the worker thread works. */
function fakeProc() {
  const snaps = [
    {
      '/proc/500/task/500/children': '501 ',
      '/proc/501/stat': stat(501, 'node', 500, 100, 20),
      '/proc/501/status': status('node', 50_000, 52_000),
      '/proc/501/task': ['501', '502', '505'],
      '/proc/501/task/501/stat': stat(501, 'node-MainThread', 500, 80, 15),
      '/proc/501/task/502/stat': stat(502, 'node-V8Worker', 500, 5, 0),
      '/proc/501/task/505/stat': stat(505, 'WorkerThread', 500, 15, 5, 774700),
      '/proc/501/task/501/children': '700',
      '/proc/501/task/502/children': '',
      '/proc/501/task/505/children': '600',
      '/proc/600/stat': stat(600, 'node', 501, 30, 10, 774800),
      '/proc/600/status': status('node', 40_000, 41_000),
      '/proc/600/task/600/children': '',
      '/proc/700/stat': stat(700, 'sh', 501, 10, 0, 774900),
      '/proc/700/status': status('sh', 10_000, 10_000),
      '/proc/700/task/700/children': '',
    },
    {
      '/proc/500/task/500/children': '501 ',
      '/proc/501/stat': stat(501, 'node', 500, 200, 30),
      '/proc/501/status': status('node', 60_000, 61_000),
      '/proc/501/task': ['501', '502', '505'],
      '/proc/501/task/501/stat': stat(501, 'node-MainThread', 500, 120, 20),
      '/proc/501/task/502/stat': stat(502, 'node-V8Worker', 500, 10, 0),
      '/proc/501/task/505/stat': stat(505, 'WorkerThread', 500, 70, 10, 774700),
      '/proc/501/task/501/children': '700',
      '/proc/501/task/502/children': '',
      '/proc/501/task/505/children': '600',
      '/proc/600/stat': stat(600, 'node', 501, 50, 10, 774800),
      '/proc/600/status': status('node', 20_000, 45_000),
      '/proc/600/task/600/children': '',
      // 700 is a zombie now: it keeps its last sample.
      '/proc/700/stat': stat(700, 'sh', 501, 12, 0, 774900, 'Z'),
      '/proc/700/task/700/children': '',
    },
  ];
  let i = 0;
  const at = (path) => snaps[Math.min(i, snaps.length - 1)][path];
  return {
    next: () => i++,
    read: (path) => {
      const v = at(path);
      return typeof v === 'string' ? v : null;
    },
    list: (path) => {
      const v = at(path);
      return Array.isArray(v) ? v : [];
    },
  };
}

test('parseStat reads pid, command, parent, CPU ticks and start time, with parentheses in the command', () => {
  assert.deepEqual(parseStat(stat(42, 'my (odd) name', 7, 250, 75, 123)), {
    pid: 42,
    comm: 'my (odd) name',
    state: 'S',
    ppid: 7,
    utime: 250,
    stime: 75,
    reaped: 0,
    cutime: 0,
    cstime: 0,
    starttime: 123,
  });
  assert.equal(parseStat(''), null);
  assert.equal(parseStat('garbage'), null);
});

test('parseStatus reads VmRSS and VmHWM in bytes, and null where a zombie has none', () => {
  assert.deepEqual(parseStatus(status('node', 1000, 2000)), { rss_bytes: 1000 * 1024, hwm_bytes: 2000 * 1024 });
  assert.deepEqual(parseStatus('Name:\tsh\nState:\tZ (zombie)\n'), { rss_bytes: null, hwm_bytes: null });
  assert.deepEqual(parseChildren('600 700 \n'), [600, 700]);
  assert.deepEqual(parseChildren(''), []);
});

test('the sampler splits parent, worker-thread and child CPU and keeps an exited child its last sample', () => {
  const fs = fakeProc();
  const s = treeSampler(500, { read: fs.read, list: fs.list });
  const rss1 = s.sample();
  assert.equal(rss1, (50_000 + 40_000 + 10_000) * 1024, 'the cap sees the runtime and both children');
  fs.next();
  const rss2 = s.sample();
  assert.equal(rss2, (60_000 + 20_000) * 1024, 'the zombie holds no memory');
  const t = /** @type {any} */ (s.finish(1000));
  assert.equal(t.samples, 2);
  assert.equal(t.parent.pid, 501);
  assert.deepEqual(t.parent.cpu_ms, { user: 2000, sys: 300 });
  assert.equal(t.summary.parent_cpu_ms, 2300);
  assert.equal(t.summary.parent_cpu_pct, 230);
  assert.equal(t.summary.children, 2);
  // 600: 50+10 ticks; 700: its last live sample, 10 ticks (the zombie's 12 are not read).
  assert.equal(t.summary.children_cpu_ms, 600 + 100);
  assert.deepEqual(
    t.children.map((c) => [c.pid, c.exited]),
    [
      [600, false],
      [700, true],
    ],
  );
  assert.equal(t.children[0].rss_peak_bytes, 45_000 * 1024, 'VmHWM counts beyond the sampled RSS');
  assert.equal(t.summary.child_rss_peak_bytes, 45_000 * 1024);
  assert.equal(t.summary.child_rss_combined_bytes, 50_000 * 1024, 'both children together at the first sample');
  assert.equal(t.summary.child_rss_avg_bytes, Math.round(((40_000 + 20_000 + 10_000) * 1024) / 3));
  assert.equal(t.summary.worker_threads, 1);
  assert.equal(t.summary.worker_threads_cpu_ms, 800);
  assert.equal(t.summary.main_thread_cpu_ms, 1400);
  assert.equal(t.summary.helper_threads_cpu_ms, 100);
  assert.deepEqual(
    t.parent.threads.map((x) => [x.name, x.kind]),
    [
      ['node-MainThread', 'main'],
      ['node-V8Worker', 'helper'],
      ['WorkerThread', 'worker'],
    ],
  );
});

test('before the wrapper has started the runtime the sampler reports nothing and no tree', () => {
  const s = treeSampler(500, { read: () => null, list: () => [] });
  assert.equal(s.sample(), 0);
  assert.equal(s.finish(100), null);
});

test('tree metrics carry unit and direction and leave out figures that do not apply', () => {
  const fs = fakeProc();
  const s = treeSampler(500, { read: fs.read, list: fs.list });
  s.sample();
  const m = treeMetrics(s.finish(1000));
  assert.deepEqual(m.parent_cpu_ms, { value: 1200, unit: 'ms', better: 'lower', label: m.parent_cpu_ms.label });
  assert.equal(m.parent_cpu_pct.better, 'none');
  assert.equal(m.child_rss_combined_bytes.unit, 'bytes');
  const alone = treeMetrics({ summary: { parent_cpu_ms: 5, children: 0, child_rss_peak_bytes: null } });
  assert.deepEqual(Object.keys(alone), ['parent_cpu_ms']);
  const quiet = { summary: { children: 0, worker_threads: 0 } };
  assert.equal(wantsTreeMetrics(quiet, {}), false);
  assert.equal(wantsTreeMetrics(quiet, { tree: true }), true);
  assert.equal(wantsTreeMetrics({ summary: { children: 1, worker_threads: 0 } }, {}), true);
});

test('a real job: the runtime, its worker thread and its two children are told apart', async () => {
  const script = `
    const { Worker } = require('node:worker_threads');
    const { spawn } = require('node:child_process');
    // A fixed amount of work (~300 ms of CPU here), not a wall-clock spin: under contention on
    // 2 cores the CPU each one gets stays the same, only its wall time grows.
    const spin = 'let x = 0; for (let i = 0; i < 1.2e8; i++) x += i % 7; if (x < 0) console.log(x);';
    const w = new Worker(spin, { eval: true });
    const kids = [0, 1].map(() => spawn(process.execPath, ['-e', 'const b = Buffer.alloc(40e6, 1); ' + spin]));
    let left = 3;
    const done = () => { if (--left === 0) process.exit(0); };
    w.on('exit', done);
    for (const k of kids) k.on('exit', done);
  `;
  const r = await runMeasured({ bin: process.execPath, args: ['-e', script], timeoutMs: 20_000, memCapBytes: 0 });
  assert.equal(r.exit_code, 0, r.stderr);
  const t = r.tree;
  assert.ok(t, 'Linux has /proc');
  assert.equal(t.summary.children, 2);
  assert.equal(t.summary.worker_threads, 1);
  // Sanity bounds only: each does ~300 ms of work, of which the last interval may not be seen.
  assert.ok(t.summary.worker_threads_cpu_ms >= 100, `worker thread ${t.summary.worker_threads_cpu_ms} ms`);
  for (const c of t.children) assert.ok(c.cpu_ms.user + c.cpu_ms.sys >= 100, `child ${JSON.stringify(c)}`);
  assert.ok(t.summary.child_rss_peak_bytes >= 40e6, `child peak ${t.summary.child_rss_peak_bytes}`);
  assert.ok(t.summary.child_rss_combined_bytes >= t.summary.child_rss_peak_bytes);
  assert.ok(r.rss_peak_bytes >= t.summary.child_rss_combined_bytes, 'the peak RSS covers the whole tree');
});

test('the memory cap covers the whole tree: two children under the cap each are over it together', async () => {
  const child = `const b = Buffer.alloc(60e6, 1); setTimeout(() => {}, 5000);`;
  const script = `
    const { spawn } = require('node:child_process');
    for (let i = 0; i < 2; i++) spawn(process.execPath, ['-e', ${JSON.stringify(child)}], { stdio: 'ignore' });
    setTimeout(() => {}, 5000);
  `;
  const r = await runMeasured({ bin: process.execPath, args: ['-e', script], timeoutMs: 10_000, memCapBytes: 150e6 });
  assert.equal(r.killed_for, 'oom');
  assert.ok(r.rss_peak_bytes > 150e6, `peak ${r.rss_peak_bytes}`);
  assert.ok(r.wall_ms < 5000, `the job took ${r.wall_ms} ms`);
});

test("children that exit between samples count in full through the runtime's cutime + cstime", () => {
  // The runtime 501 reaps child 600 (45 ticks at its exit, 40 at its last sample) and a child that
  // lived less than one interval (30 ticks, never sampled): cutime becomes 75 ticks.
  const withReaped = (text, ticks) => text.replace(' 0 0 20 0 7 ', ` ${ticks} 0 20 0 7 `);
  const snaps = [
    {
      '/proc/501/stat': stat(501, 'node', 1, 100, 20),
      '/proc/501/status': status('node', 50_000, 52_000),
      '/proc/501/task': ['501'],
      '/proc/501/task/501/stat': stat(501, 'node', 1, 100, 20),
      '/proc/501/task/501/children': '600',
      '/proc/600/stat': stat(600, 'node', 501, 40, 0, 774800),
      '/proc/600/status': status('node', 40_000, 41_000),
      '/proc/600/task/600/children': '',
    },
    {
      '/proc/501/stat': withReaped(stat(501, 'node', 1, 150, 20), 75),
      '/proc/501/status': status('node', 50_000, 52_000),
      '/proc/501/task': ['501'],
      '/proc/501/task/501/stat': stat(501, 'node', 1, 150, 20),
      '/proc/501/task/501/children': '',
    },
  ];
  let i = 0;
  const s = treeSampler(501, {
    wrapped: false,
    read: (p) => {
      const v = /** @type {any} */ (snaps[i])[p];
      return typeof v === 'string' ? v : null;
    },
    list: (p) => /** @type {any} */ (snaps[i])[p] ?? [],
  });
  s.sample();
  i = 1;
  s.sample();
  const t = /** @type {any} */ (s.finish(1000));
  assert.equal(t.summary.children_cpu_ms, 750);
});
