// The ratios issue 10 asks for, from one run's rows (each a ratio of times within one runtime,
// paired by round, with its 95% interval): child-process ÷ worker-threads per workload, transfer
// ÷ clone, rpc round trip ÷ direct call, cold start by module size, and the profiler's split of
// CPU and RSS between parent, worker threads and children.
import { median } from '../../lib/measure/stats.js';
import { paramsKey } from '../../lib/measure/workload.js';
import { metricMedian } from '../../lib/report/metrics.js';
import { simpleTable } from '../../lib/report/model.js';
import { ratioLegend, ratioText, roundRatio } from '../../lib/report/ratios.js';
import { fmtBytes, fmtTime, NA } from '../../lib/report/units.js';
import { TASKS } from './_pool.js';

const SUITE = 'workers-pools';
const ok = (rows) => rows.filter((r) => r.suite === SUITE && r.status === 'ok');
const runtimesOf = (rows) => [...new Set(rows.filter((r) => r.suite === SUITE).map((r) => r.runtime))];

/** Rows of one workload and runtime whose params include every entry of `want`. */
function select(rows, workload, runtime, want) {
  return rows.filter(
    (r) =>
      r.suite === SUITE &&
      r.workload === workload &&
      r.runtime === runtime &&
      Object.entries(want).every(([k, v]) => String(r.params?.[k]) === String(v)),
  );
}

/** Median time per call over ok rounds, in ns; null when none ran. */
function timeOf(rows) {
  const t = rows.filter((r) => r.status === 'ok' && r.median_ns).map((r) => r.median_ns);
  return t.length ? median(t) : null;
}

/** Why a cell is empty: the status of its rows (unsupported, error…), or '—' when there are none. */
const statusOf = (rows) => (rows.length ? rows[0].status : '—');

const cellTime = (rows) => {
  const t = timeOf(rows);
  return t === null ? statusOf(rows) : fmtTime(t / 1e6);
};

/** Time ratio num ÷ den within one runtime, paired by round; its interval with SHOW=spread. */
const timeRatio = (numRows, denRows, detail) => ratioText(roundRatio(numRows, denRows), { interval: detail });

const ratioNote = (detail) =>
  `Ratios are of time per call within one runtime (> 1: the first is slower): ${ratioLegend(detail)}`;

/** The pooled CPU workloads, one line each, with the params that tell their rows apart. */
function cpuCases(rows) {
  const keys = new Set();
  const out = [];
  for (const r of rows) {
    if (r.suite !== SUITE || !['cpu-math', 'cpu-crypto', 'transferable'].includes(r.workload)) continue;
    if (r.workload === 'transferable' && r.params.send !== 'clone') continue;
    const { strategy, ...rest } = r.params;
    const key = `${r.workload} ${paramsKey(rest)}`;
    if (!keys.has(key)) {
      keys.add(key);
      out.push({ workload: r.workload, rest, label: key });
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function strategiesTable(rows, { detail = false } = {}) {
  const body = [];
  const heads = [];
  for (const c of cpuCases(rows)) {
    for (const rt of runtimesOf(rows)) {
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
    [
      `Time per call of ${TASKS} tasks (the published run's 8 threads) on a pool of ${sizes.join(', ') || '?'} host(s) here (size=cores unless set; the published machine had 8 threads).`,
      'Published on 8 threads: cpu-math worker threads 0.41 s, child processes 0.44 s (cp ÷ wt 1.07×); cpu-crypto 7.80 s vs 2.04 s (0.26×); transferable single 0.04 s, child processes 0.07 s, worker threads 0.21 s.',
      ratioNote(detail),
    ],
    2,
    heads,
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
    for (const rt of runtimesOf(rows)) {
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
  return simpleTable(null, ['transferable', 'runtime', 'transfer', 'clone', 'transfer ÷ clone'], body, [
    `Time per call: ${TASKS} buffers allocated and filled in the host, then sent back. single allocates in this thread (nothing crosses; both columns run the same code). A child process can only copy through its pipe.`,
    ratioNote(detail),
  ]);
}

function rpcTable(rows, { detail = false } = {}) {
  const payloads = [
    ...new Set(rows.filter((r) => r.suite === SUITE && r.workload === 'rpc-roundtrip').map((r) => r.params.payload)),
  ];
  const body = [];
  const heads = [];
  for (const p of payloads) {
    for (const rt of runtimesOf(rows)) {
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
    [
      'Time per round trip to one warm host and back; "direct call" is the same echo called as a plain function in this thread (near a no-op, so the harness may mark it "?").',
      'Published (Durable Object Facets): ~1.35 ms per call across an isolate boundary against ~10 ns for a direct call.',
      ratioNote(detail),
    ],
    2,
    heads,
  );
}

function coldTable(rows) {
  const cases = new Set(
    rows
      .filter((r) => r.suite === SUITE && r.workload === 'cold-start')
      .map((r) => `${r.params.strategy}|${r.params.kb}`),
  );
  const body = [];
  const f = (x) => (x === null ? '—' : `${x.toPrecision(3)} ms`);
  for (const c of [...cases].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const [strategy, kb] = c.split('|');
    for (const rt of runtimesOf(rows)) {
      const rs = select(rows, 'cold-start', rt, { strategy, kb });
      if (!rs.some((r) => r.status === 'ok')) {
        body.push([`${strategy} ${kb} KB`, rt, statusOf(rs), '', '', '', '']);
        continue;
      }
      body.push([
        `${strategy} ${kb} KB`,
        rt,
        f(metricMedian(rs, 'cold_start_ms')),
        f(metricMedian(rs, 'spawn_ms')),
        f(metricMedian(rs, 'load_ms')),
        f(metricMedian(rs, 'load_in_host_ms')),
        f(metricMedian(rs, 'first_call_ms')),
      ]);
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    ['cold start', 'runtime', 'to first answer', 'spawn', 'load (parent)', 'import() in host', 'first call'],
    body,
    [
      "Medians over rounds of each job's median over its starts. spawn = start to the host's first message; load = import of a freshly written module (no cache has seen it) as the parent sees it, and import() timed inside the host; first call = the module's answer(), which calls every function in it.",
      'Published (Durable Object Facets): loading a ~119 KB bundle added ~262 ms at first wake.',
    ],
  );
}

function profilerTable(rows, { detail = false } = {}) {
  const body = [];
  const heads = [];
  const cpu = (m) => (!m ? NA : m.value === 0 ? '0' : fmtTime(m.value));
  for (const c of cpuCases(rows)) {
    for (const rt of runtimesOf(rows)) {
      for (const s of ['single', 'worker-threads', 'child-process', 'web-worker']) {
        const r = select(rows, c.workload, rt, { ...c.rest, strategy: s }).find((x) => x.status === 'ok' && x.metrics);
        if (!r) continue;
        const m = r.metrics;
        // Shares and averages explain the split; SHOW=spread shows them, the default the totals.
        const more = detail
          ? [m.parent_cpu_pct ? `${m.parent_cpu_pct.value}%` : NA, fmtBytes(m.child_rss_avg_bytes?.value)]
          : [];
        heads.push(c.label);
        body.push([
          `${c.label} ${s}`,
          rt,
          fmtTime(r.wall_ms),
          cpu(m.parent_cpu_ms),
          cpu(m.main_thread_cpu_ms),
          cpu(m.worker_threads_cpu_ms),
          cpu(m.children_cpu_ms),
          ...more,
          fmtBytes(m.child_rss_peak_bytes?.value),
          ...(detail ? [fmtBytes(m.child_rss_combined_bytes?.value)] : []),
          fmtBytes(r.rss_peak_bytes),
        ]);
      }
    }
  }
  if (!body.length) return null;
  return simpleTable(
    null,
    [
      'job (first ok round)',
      'runtime',
      'wall',
      'parent CPU',
      'main thread',
      'worker threads',
      'children',
      ...(detail ? ['parent %', 'child RSS avg'] : []),
      'child peak',
      ...(detail ? ['children combined'] : []),
      'job peak RSS',
    ],
    body,
    [
      'Whole job (setup, warm-up, timed calls), read by the OS every 20 ms from /proc: parent CPU is the runtime process with all its threads; main thread and worker threads from /proc/<pid>/task/<tid>/stat (threads named as each runtime names its JS workers); children from /proc/<pid> of each child process. Job peak RSS is the whole tree.',
      detail
        ? 'parent % = parent CPU ÷ wall; child RSS avg = the average child’s peak; children combined = their peaks added.'
        : 'SHOW=spread adds parent CPU ÷ wall, the average child’s RSS and the children’s RSS combined.',
    ],
    2,
    heads,
  );
}

export default [
  { title: 'Workers and processes: time per call by strategy, and the ratios that matter', table: strategiesTable },
  { title: 'Transfer vs clone: does moving a buffer save its cost?', table: transferTable },
  { title: 'Boundary cost: one round trip against a direct call', table: rpcTable },
  { title: 'Cold start by module size', table: coldTable },
  { title: 'Profiler: who spent the CPU and the memory', table: profilerTable },
];
