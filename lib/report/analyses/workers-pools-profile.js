// Where a workers-pools job's time and memory went, from the metrics its workloads report:
// cold start split into spawn, load and first call by module size, and the profiler's CPU and RSS
// of the parent, its main and worker threads and its child processes.
import { metricMedian } from '../../results/metrics.js';
import { simpleTable } from '../model/model.js';
import { fmtBytes, fmtTime, NA } from '../model/units.js';
import { cpuCases, SUITE, select, statusOf, suiteRuntimes } from './workers-pools-rows.js';

export function coldTable(rows) {
  const cases = new Set(
    rows
      .filter((r) => r.suite === SUITE && r.workload === 'cold-start')
      .map((r) => `${r.params.strategy}|${r.params.kb}`),
  );
  const body = [];
  const f = (x) => (x === null ? '—' : `${x.toPrecision(3)} ms`);
  for (const c of [...cases].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const [strategy, kb] = c.split('|');
    for (const rt of suiteRuntimes(rows)) {
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
    {
      notes: [
        "Medians over rounds of each job's median over its starts. spawn = start to the host's first message; load = import of a freshly written module (no cache has seen it) as the parent sees it, and import() timed inside the host; first call = the module's answer(), which calls every function in it.",
        'Published (Durable Object Facets): loading a ~119 KB bundle added ~262 ms at first wake.',
      ],
    },
  );
}

export function profilerTable(rows, { detail = false } = {}) {
  const body = [];
  const heads = [];
  const cpu = (m) => (!m ? NA : m.value === 0 ? '0' : fmtTime(m.value));
  for (const c of cpuCases(rows)) {
    for (const rt of suiteRuntimes(rows)) {
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
    {
      notes: [
        'Whole job (setup, warm-up, timed calls), read by the OS every 20 ms from /proc: parent CPU is the runtime process with all its threads; main thread and worker threads from /proc/<pid>/task/<tid>/stat (threads named as each runtime names its JS workers); children from /proc/<pid> of each child process. Job peak RSS is the whole tree.',
        detail
          ? 'parent % = parent CPU ÷ wall; child RSS avg = the average child’s peak; children combined = their peaks added.'
          : 'SHOW=spread adds parent CPU ÷ wall, the average child’s RSS and the children’s RSS combined.',
      ],
      groups: heads,
    },
  );
}
