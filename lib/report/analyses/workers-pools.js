// The suite's own ratios, from one run's rows (each a ratio of times within one runtime,
// paired by round, with its 95% interval): child-process ÷ worker-threads per workload, transfer
// ÷ clone, rpc round trip ÷ direct call. Where the time and memory of a job went (cold start by
// module size, the profiler's split between parent, worker threads and children) is
// workers-pools-profile.js.

import { roundRatio } from '../../measure/stats/compare.js';
import { median } from '../../measure/stats/stats.js';
import { simpleTable } from '../model/model.js';
import { ratioLegend, ratioText } from '../model/ratio-text.js';
import { fmtTime } from '../model/units.js';
import { coldTable, profilerTable } from './workers-pools-profile.js';
import { cpuCases, ok, SUITE, select, statusOf, suiteRuntimes } from './workers-pools-rows.js';

/** Median time per call over ok rounds, in ns; null when none ran. */
function timeOf(rows) {
  const t = rows.filter((r) => r.status === 'ok' && r.median_ns).map((r) => r.median_ns);
  return t.length ? median(t) : null;
}

const cellTime = (rows) => {
  const t = timeOf(rows);
  return t === null ? statusOf(rows) : fmtTime(t / 1e6);
};

/** Time ratio num ÷ den within one runtime, paired by round; its interval with SHOW=spread. */
const timeRatio = (numRows, denRows, detail) => ratioText(roundRatio(numRows, denRows), { interval: detail });

const ratioNote = (detail) =>
  `Ratios are of time per call within one runtime (> 1: the first is slower): ${ratioLegend(detail)}`;

/** Tasks per call as the pooled workloads report them (cpu-math, cpu-crypto, transferable), or '?'. */
const tasksOf = (rows) =>
  [
    ...new Set(
      ok(rows)
        .map((r) => r.report?.tasks)
        .filter((t) => t !== undefined),
    ),
  ].join(', ') || '?';

function strategiesTable(rows, { detail = false } = {}) {
  const body = [];
  const heads = [];
  for (const c of cpuCases(rows)) {
    for (const rt of suiteRuntimes(rows)) {
      const by = (s) => select(rows, c.workload, rt, { ...c.rest, strategy: s });
      heads.push(c.label);
      body.push([
        c.label,
        rt,
        cellTime(by('single')),
        cellTime(by('worker-threads')),
        cellTime(by('child-process')),
        cellTime(by('web-worker')),
        timeRatio(by('child-process'), by('worker-threads'), detail),
        timeRatio(by('web-worker'), by('worker-threads'), detail),
        timeRatio(by('worker-threads'), by('single'), detail),
      ]);
    }
  }
  if (!body.length) return null;
  const sizes = [
    ...new Set(
      ok(rows)
        .map((r) => r.report?.size)
        .filter((s) => s > 1),
    ),
  ];
  return simpleTable(
    null,
    [
      'workload',
      'runtime',
      'single',
      'worker-threads',
      'child-process',
      'web-worker',
      'cp ÷ wt',
      'web ÷ wt',
      'wt ÷ single',
    ],
    body,
    {
      notes: [
        `Time per call of ${tasksOf(rows)} tasks (the published run's 8 threads) on a pool of ${sizes.join(', ') || '?'} host(s) here (size=cores unless set; the published machine had 8 threads).`,
        'Published on 8 threads: cpu-math worker threads 0.41 s, child processes 0.44 s (cp ÷ wt 1.07×); cpu-crypto 7.80 s vs 2.04 s (0.26×); transferable single 0.04 s, child processes 0.07 s, worker threads 0.21 s.',
        ratioNote(detail),
      ],
      groups: heads,
    },
  );
}

function transferTable(rows, { detail = false } = {}) {
  const body = [];
  const cases = new Set(
    rows
      .filter((r) => r.suite === SUITE && r.workload === 'transferable')
      .map((r) => `${r.params.strategy}|${r.params.mb}`),
  );
  for (const c of [...cases].sort()) {
    const [strategy, mb] = c.split('|');
    for (const rt of suiteRuntimes(rows)) {
      const by = (send) => select(rows, 'transferable', rt, { strategy, mb, send });
      body.push([
        `${strategy} mb=${mb}`,
        rt,
        cellTime(by('transfer')),
        cellTime(by('clone')),
        timeRatio(by('transfer'), by('clone'), detail),
      ]);
    }
  }
  if (!body.length) return null;
  return simpleTable(null, ['transferable', 'runtime', 'transfer', 'clone', 'transfer ÷ clone'], body, {
    notes: [
      `Time per call: ${tasksOf(rows.filter((r) => r.workload === 'transferable'))} buffers allocated and filled in the host, then sent back. single allocates in this thread (nothing crosses; both columns run the same code). A child process can only copy through its pipe.`,
      ratioNote(detail),
    ],
  });
}

function rpcTable(rows, { detail = false } = {}) {
  const payloads = [
    ...new Set(rows.filter((r) => r.suite === SUITE && r.workload === 'rpc-roundtrip').map((r) => r.params.payload)),
  ];
  const body = [];
  const heads = [];
  for (const p of payloads) {
    for (const rt of suiteRuntimes(rows)) {
      const by = (s) => select(rows, 'rpc-roundtrip', rt, { payload: p, strategy: s });
      heads.push(p);
      body.push([
        p,
        rt,
        cellTime(by('single')),
        cellTime(by('worker-threads')),
        cellTime(by('child-process')),
        cellTime(by('web-worker')),
        timeRatio(by('worker-threads'), by('single'), detail),
        timeRatio(by('child-process'), by('single'), detail),
        timeRatio(by('web-worker'), by('single'), detail),
      ]);
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    [
      'payload',
      'runtime',
      'direct call',
      'worker-threads',
      'child-process',
      'web-worker',
      'wt ÷ direct',
      'cp ÷ direct',
      'web ÷ direct',
    ],
    body,
    {
      notes: [
        'Time per round trip to one warm host and back; "direct call" is the same echo called as a plain function in this thread (near a no-op, so the harness may mark it "?").',
        'Published (Durable Object Facets): ~1.35 ms per call across an isolate boundary against ~10 ns for a direct call.',
        ratioNote(detail),
      ],
      groups: heads,
    },
  );
}

export default [
  { title: 'Workers and processes: time per call by strategy, and the ratios that matter', table: strategiesTable },
  { title: 'Transfer vs clone: does moving a buffer save its cost?', table: transferTable },
  { title: 'Boundary cost: one round trip against a direct call', table: rpcTable },
  { title: 'Cold start by module size', table: coldTable },
  { title: 'Profiler: who spent the CPU and the memory', table: profilerTable },
];
