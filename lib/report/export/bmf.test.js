import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import { readResults } from '../../results/file.js';
import { exportBmf, toBmf } from './bmf.js';

// Bencher's documented BMF schema (bmf.schema.json cites the page it is written from).
const schema = JSON.parse(readFileSync(new URL('./bmf.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const valid = (bmf) => {
  // Through JSON text, as Bencher receives it: NaN or Infinity would become null and fail.
  const ok = validate(JSON.parse(JSON.stringify(bmf)));
  return ok || JSON.stringify(validate.errors);
};

const row = (runtime, round, ns, extra = {}) => ({
  runtime,
  suite: 's',
  workload: 'w',
  params: { n: 1 },
  round,
  status: 'ok',
  unit: 'ops',
  units_per_call: 1,
  median_ns: ns,
  throughput: { value: 1e9 / ns, unit: 'ops/s' },
  cpu_ms: { user: 90, sys: 10 },
  wall_ms: 120,
  rss_peak_bytes: 5e7,
  ...extra,
});

test('BMF has one benchmark per runtime and row, bounds from the intervals, and reports failed jobs', () => {
  const doc = {
    runtimes: [{ id: 'node' }, { id: 'bun' }, { id: 'deno' }],
    results: [
      row('node', 1, 100),
      row('node', 2, 110),
      row('node', 3, 90),
      row('bun', 1, 50),
      { ...row('bun', 2, 0), status: 'timeout' },
      { ...row('deno', 1, 0), status: 'crash' },
      { ...row('deno', 2, 0), status: 'unsupported' },
    ],
  };
  const { bmf, failed } = exportBmf(doc);
  assert.equal(valid(bmf), true);
  assert.deepEqual(Object.keys(bmf).sort(), ['bun s/w n=1', 'deno s/w n=1', 'node s/w n=1']);
  const node = bmf['node s/w n=1'];
  assert.equal(node.latency.value, 100);
  assert.ok(Number(node.latency.lower_value) <= 100 && Number(node.latency.upper_value) >= 100);
  assert.equal(node.throughput.value, 1e7);
  assert.equal(node['peak-rss-bytes'].value, 5e7);
  assert.equal(node['failed-jobs'], undefined);
  // One ok round: a value without invented bounds; its timeout is counted, not dropped.
  assert.equal(bmf['bun s/w n=1'].latency.value, 50);
  assert.equal(bmf['bun s/w n=1'].latency.lower_value, undefined);
  assert.equal(bmf['bun s/w n=1']['failed-jobs'].value, 1);
  // No ok round at all: the benchmark still appears, with its failures; unsupported is not a failure.
  assert.deepEqual(bmf['deno s/w n=1'], { 'failed-jobs': { value: 1 } });
  assert.deepEqual(
    failed.map((f) => [f.benchmark, f.statuses.join('/')]),
    [
      ['bun s/w n=1', 'timeout'],
      ['deno s/w n=1', 'crash'],
    ],
  );
});

test('one measure per unit: byte rows get bytes-per-second and ns-per-mb, never throughput or latency', () => {
  const bytes = (id, r, ns) =>
    row(id, r, ns, { unit: 'bytes', units_per_call: 2e6, throughput: { value: 1, unit: 'MB/s' } });
  const bmf = toBmf({ runtimes: [{ id: 'node' }], results: [bytes('node', 1, 1e6), bytes('node', 2, 1e6)] });
  const m = bmf['node s/w n=1'];
  assert.equal(m.throughput, undefined);
  assert.equal(m.latency, undefined);
  // 2 MB per 1 ms: 2e9 B/s, 0.5 ms per MB.
  assert.equal(m['bytes-per-second'].value, 2e9);
  assert.equal(m['ns-per-mb'].value, 5e5);
});

test('kept math/json and HTTP runs export as valid BMF; HTTP rows carry p50 TTFB and TTLB, p99 only from a window that holds it', () => {
  // http-json-small.json is the default mode (5 s loads): p99 exported. http-quick.json is QUICK
  // (1 s loads): no tail percentile from a window too short to hold the server's pauses.
  for (const f of ['math-json-quick.json', 'http-json-small.json', 'http-quick.json']) {
    const doc = readResults(new URL(`../../../results/published/${f}`, import.meta.url).pathname);
    const bmf = toBmf(doc);
    assert.equal(valid(bmf), true, f);
    const units = new Map();
    for (const measures of Object.values(bmf)) for (const slug of Object.keys(measures)) units.set(slug, true);
    if (f.startsWith('http')) {
      const one = Object.entries(bmf).find(([k]) => k.includes('http/'))?.[1] ?? {};
      // TTFB comes from the warm-up pass (too few requests for a p99 at either mode); TTLB from wrk.
      const tails = ['closed-loop-ttlb-p99-ms'];
      for (const slug of ['ttfb-p50-ms', 'closed-loop-ttlb-p50-ms', 'requests-per-second', ...tails]) {
        if (f === 'http-quick.json' && tails.includes(slug)) assert.ok(!(slug in one), `${slug} from QUICK's 1 s load`);
        else assert.ok(slug in one, `${slug} in ${Object.keys(one).join(', ')}`);
      }
      assert.equal(one.latency, undefined, 'load wall time ÷ requests is not exported as latency');
    } else {
      assert.ok(units.has('throughput') && units.has('bytes-per-second'));
    }
  }
});

test('the schema rejects what Bencher would: a measure without a value, a non-number, a long slug', () => {
  assert.notEqual(valid({ b: { m: { lower_value: 1 } } }), true);
  assert.notEqual(valid({ b: { m: { value: 'fast' } } }), true);
  assert.notEqual(valid({ b: { ['x'.repeat(65)]: { value: 1 } } }), true);
});
