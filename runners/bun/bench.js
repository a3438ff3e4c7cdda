// Bun adapter: JavaScriptCore, nanosecond clock and synchronous GC from the Bun global.
import { main } from '../../lib/measure/harness.js';
import { procJobCpu } from '../../lib/measure/oscpu.js';

await main({
  kind: 'bun',
  now: () => Bun.nanoseconds(),
  timer: 'Bun.nanoseconds',
  gc: () => Bun.gc(true),
  gcName: 'Bun.gc(true)',
  cpuUsage: () => process.cpuUsage(),
  osCpu: procJobCpu(),
  rss: () => process.memoryUsage.rss(),
  heap: () => process.memoryUsage().heapUsed,
  version: `v${Bun.version}`,
  engine: 'JavaScriptCore',
  engineVersion: process.versions.webkit ?? 'unknown',
  args: process.argv.slice(2),
  write: (line) => process.stdout.write(`${line}\n`),
  exit: (code) => process.exit(code),
});
