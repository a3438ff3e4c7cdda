// Deno adapter. Deno has no cpuUsage of its own; its node:process compatibility layer does.
import process from 'node:process';
import { main } from '../../lib/measure/harness.js';
import { procJobCpu } from '../../lib/measure/oscpu.js';

const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;

await main({
  kind: 'deno',
  now: () => Number(process.hrtime.bigint()),
  timer: 'process.hrtime.bigint (node:process)',
  gc: gc && (() => gc()),
  gcName: gc ? 'globalThis.gc (--v8-flags=--expose-gc)' : 'none',
  cpuUsage: () => process.cpuUsage(),
  osCpu: procJobCpu(),
  rss: () => Deno.memoryUsage().rss,
  heap: () => Deno.memoryUsage().heapUsed,
  version: `v${Deno.version.deno}`,
  engine: 'V8',
  engineVersion: Deno.version.v8,
  args: Deno.args,
  write: (line) => console.log(line),
  exit: (code) => Deno.exit(code),
});
