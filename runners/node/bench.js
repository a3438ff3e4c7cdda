// Node.js adapter: the only place that knows how Node exposes clock, GC, CPU and memory.
import { main } from '../../lib/measure/harness.js';
import { procJobCpu } from '../../lib/measure/oscpu.js';

const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;

await main({
  kind: 'node',
  now: () => Number(process.hrtime.bigint()),
  timer: 'process.hrtime.bigint',
  gc: gc && (() => gc()),
  gcName: gc ? 'globalThis.gc (--expose-gc)' : 'none',
  cpuUsage: () => process.cpuUsage(),
  osCpu: procJobCpu(),
  rss: () => process.memoryUsage.rss(),
  heap: () => process.memoryUsage().heapUsed,
  version: process.version,
  engine: 'V8',
  engineVersion: process.versions.v8,
  args: process.argv.slice(2),
  write: (line) => process.stdout.write(`${line}\n`),
  exit: (code) => process.exit(code),
});
