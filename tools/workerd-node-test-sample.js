// A look at Node's own test files inside workerd before the node-compat runner takes them: runs
// runNodeTestInWorkerd over the files of Node's test/parallel whose names match the given
// prefixes, two at a time, and prints counts per outcome, the time per file, the most common
// first error lines and the not-applicable reasons. Optionally writes every record as JSON.
//
//   node tools/workerd-node-test-sample.js [--prefixes url,path] [--limit N] [--timeout-ms 10000] [--json FILE]
//   (NODE_TEST_DIR: Node's test/ folder)
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/paths.js';
import { runNodeTestInWorkerd } from '../lib/runtimes/drivers/workerd-node-test.js';

const { values } = parseArgs({
  options: {
    prefixes: { type: 'string', default: 'url,path,buffer,events,util,assert' },
    limit: { type: 'string', default: '0' },
    'timeout-ms': { type: 'string', default: '10000' },
    json: { type: 'string' },
  },
});
const testRoot = process.env.NODE_TEST_DIR ?? '/work/node_test/test';
const timeoutMs = Number(values['timeout-ms']);
const limit = Number(values.limit);
if (!Number.isInteger(timeoutMs) || timeoutMs < 1000) {
  console.error(`Bad --timeout-ms ${values['timeout-ms']}: give a whole number of milliseconds, 1000 or more`);
  process.exit(2);
}
if (!Number.isInteger(limit) || limit < 0) {
  console.error(`Bad --limit ${values.limit}: give a whole number, 0 for every matching file`);
  process.exit(2);
}
const prefixes = values.prefixes.split(',').filter(Boolean);
let names;
try {
  names = readdirSync(join(testRoot, 'parallel'));
} catch {
  console.error(`No parallel/ folder in ${testRoot}: set NODE_TEST_DIR to Node's test/ folder`);
  process.exit(2);
}
const files = names
  .filter((n) => /\.(?:js|mjs)$/.test(n) && prefixes.some((p) => n.startsWith(`test-${p}`)))
  .sort()
  .slice(0, limit || undefined)
  .map((n) => `parallel/${n}`);
const workerd = join(ROOT, 'node_modules', 'workerd', 'bin', 'workerd');

const records = [];
const queue = [...files];
const started = performance.now();
const worker = async () => {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const r = await runNodeTestInWorkerd({ file, testRoot, timeoutMs, workerd });
    records.push(r);
    const why = r.first_error ?? r.skip_reason ?? r.na_reason ?? '';
    console.error(
      `[${records.length}/${files.length}] ${r.outcome.padEnd(14)} ${r.ms} ms ${file} ${why}`.slice(0, 200),
    );
  }
};
await Promise.all([worker(), worker()]);
const wall = performance.now() - started;

/** Counts of a key over records, most common first. */
const tally = (rows, keyOf) => {
  const m = new Map();
  for (const r of rows) m.set(keyOf(r), (m.get(keyOf(r)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]);
};
const ran = records.filter((r) => r.outcome !== 'not-applicable');
const ms = ran.map((r) => r.ms).sort((a, b) => a - b);
console.log(`${files.length} files (test-{${prefixes.join(',')}}*), ${(wall / 1000).toFixed(0)} s wall, two at a time`);
for (const [k, n] of tally(records, (r) => r.outcome)) console.log(`  ${k}: ${n}`);
if (ms.length)
  console.log(
    `per file run in workerd: median ${ms[ms.length >> 1]} ms, max ${ms[ms.length - 1]} ms, mean ${Math.round(ms.reduce((a, b) => a + b, 0) / ms.length)} ms`,
  );
console.log('most common first error lines:');
for (const [k, n] of tally(
  records.filter((r) => r.first_error),
  (r) => r.first_error,
).slice(0, 5))
  console.log(`  ${n} × ${k}`);
console.log('not-applicable reasons:');
for (const [k, n] of tally(
  records.filter((r) => r.na_reason),
  (r) => r.na_reason.replace(/ \(.*$/, ''),
))
  console.log(`  ${n} × ${k}`);
if (values.json) {
  const tmp = `${values.json}.tmp`;
  writeFileSync(
    tmp,
    `${JSON.stringify(
      records.sort((a, b) => a.file.localeCompare(b.file)),
      null,
      1,
    )}\n`,
  );
  renameSync(tmp, values.json);
}
