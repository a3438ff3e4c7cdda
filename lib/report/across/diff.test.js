// make diff as a gate and make aa's noise floor, on synthetic results documents.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { testFingerprint } from '../../../test/fixtures/fingerprint.js';
import { doc, rounds } from '../../../test/fixtures/table-doc.js';
import { uniform } from '../../measure/stats/prng.js';
import { ROOT } from '../../paths.js';
import { floorByRow } from '../../results/aa.js';
import { validateResults } from '../../results/file.js';
import { printTable } from '../text/print.js';
import { aaReport } from './aa.js';
import { diffGate, diffOf } from './diff.js';
import { pairedGate } from './gate.js';

/** A results document: runtimes × workloads × rounds with times around `ns` (noise `cv`, seeded). */
function docOf({
  runtimes = ['node', 'bun'],
  workloads = ['w1', 'w2', 'w3'],
  rounds = 5,
  ns = 1e6,
  cv = 0.02,
  slow = {},
  seed = 1,
}) {
  const rand = uniform(seed);
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    for (const w of workloads) {
      for (const rt of runtimes) {
        // Box–Muller on the seeded generator: log-normal noise around the level.
        const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
        const t = ns * (slow[`${w}/${rt}`] ?? 1) * Math.exp(cv * z);
        results.push({
          runtime: rt,
          runtime_version: 'v1',
          engine: 'V8',
          suite: 's',
          workload: w,
          params: {},
          round,
          status: 'ok',
          error: null,
          unit: 'ops',
          units_per_call: 1,
          samples_ns: [],
          median_ns: t,
          ci95_ns: [t * 0.99, t * 1.01],
          throughput: { value: 1e9 / t, unit: 'ops/s' },
          cpu_ms: null,
          wall_ms: 1000,
          rss_peak_bytes: null,
        });
      }
    }
  }
  return {
    schema: 'parity.results/1',
    started: '2026-11-22T00:00:00.000Z',
    finished: '2026-11-22T00:10:00.000Z',
    complete: true,
    command: 'synthetic',
    provenance: { commit: null, dirty: null, lock_sha256: null, preloads: {} },
    fingerprint: testFingerprint(),
    runtimes: runtimes.map((id) => ({ id, kind: 'node', bin: 'x', version: 'v1' })),
    results,
    conformance: [],
  };
}

test('synthetic documents are valid results files', () => {
  assert.deepEqual(validateResults(docOf({})), []);
});

test('two runs of identical data flag nothing and the gate passes', () => {
  const d = docOf({});
  const g = diffGate(d, structuredClone(d));
  assert.equal(g.regressions.length, 0);
  assert.match(g.summary, /no slowdown beyond/);
});

test('an injected 10% slowdown is named and fails the gate at the default 5% threshold', () => {
  const a = docOf({ seed: 1 });
  const b = docOf({ seed: 2, slow: { 'w2/bun': 1.1 } });
  const g = diffGate(a, b);
  assert.deepEqual(
    g.regressions.map((r) => `${r.key} ${r.runtime}`),
    ['s/w2 bun'],
  );
  assert.match(g.summary, /s\/w2 on bun \(\+\d+\.\d%\)/);
});

test('a threshold above the change, or a noise floor wider than it, lets the same slowdown pass', () => {
  const a = docOf({ seed: 1 });
  const b = docOf({ seed: 2, slow: { 'w2/bun': 1.1 } });
  assert.equal(diffGate(a, b, { threshold: 20 }).regressions.length, 0);
  assert.equal(diffGate(a, b, { floor: new Map([['s/w2', 0.25]]) }).regressions.length, 0);
});

test('an A/A file yields a per-row noise floor and a verdict within chance for pure noise', () => {
  const aa = docOf({
    runtimes: ['node', 'node/aa'],
    workloads: Array.from({ length: 20 }, (_, i) => `w${i}`),
    cv: 0.03,
  });
  const r = aaReport(aa);
  assert.equal(r.rows, 20);
  // 20 rows of pure noise: a count of flags that chance explains (0–3 of 20 at 5%) is within chance.
  assert.match(r.verdict, /within (the chance spread of, )?the 5% expected by chance/);
  const floor = floorByRow(aa);
  assert.equal(floor.size, 20);
  for (const f of floor.values()) assert.ok(f > 0 && f < 0.2, String(f));
  // As the tables read it, pooled over every metric with a direction: no claim, intervals hold 1.
  assert.ok(r.pooled.comparisons >= 20, JSON.stringify(r.pooled));
  assert.ok(r.pooled.flagged <= 2 && r.pooled.coverage >= 0.85, JSON.stringify(r.pooled));
  assert.match(r.verdict, /as the tables read it .* pooled over \d+ comparisons/);
});

test('an A/A file where the twin is really slower is called more than chance', () => {
  const workloads = Array.from({ length: 20 }, (_, i) => `w${i}`);
  const slow = Object.fromEntries(workloads.map((w) => [`${w}/node/aa`, 1.2]));
  const r = aaReport(docOf({ runtimes: ['node', 'node/aa'], workloads, cv: 0.02, slow }));
  assert.match(r.verdict, /more than chance allows/);
  // The tables' reading sees the 1.2× too: most of the 20 time ratios are called.
  assert.ok(r.pooled.flagged >= 15, JSON.stringify(r.pooled));
});

test('a file without a twin is not an A/A file', () => {
  assert.throws(
    () => aaReport(docOf({})),
    /Not an A\/A file: it needs a runtime and its twin "<id>\/aa", got node, bun/,
  );
});

test('make diff exits 1 naming the regressed row, and 0 on identical data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-gate-'));
  const file = (name, doc) => {
    writeFileSync(join(dir, name), JSON.stringify(doc));
    return join(dir, name);
  };
  const a = file('a.json', docOf({ seed: 1 }));
  const b = file('b.json', docOf({ seed: 2, slow: { 'w2/bun': 1.1 } }));
  const cli = (...args) =>
    spawnSync(process.execPath, [join(ROOT, 'lib', 'run', 'cli.js'), 'diff', ...args], { encoding: 'utf8' });
  const bad = cli(a, b);
  assert.equal(bad.status, 1, bad.stderr);
  assert.match(bad.stdout, /REGRESSION/);
  assert.match(bad.stdout, /s\/w2 on bun/);
  const same = cli(a, a);
  assert.equal(same.status, 0, same.stderr);
  assert.equal(cli(a, b, '--threshold', 'lots').status, 2);
});

/** A gate's run: node/base, node and node/aa interleaved, with a drift every id of a round shares. */
function gateDoc(o = {}) {
  const doc = docOf({ runtimes: ['node/base', 'node', 'node/aa'], rounds: 4, ...o });
  const drift = [1, 1.4, 0.8, 1.2];
  for (const r of doc.results) r.median_ns *= drift[r.round - 1];
  return doc;
}

test('the paired gate fails on a head slowdown beyond the threshold, however the machine drifts between rounds', () => {
  const g = pairedGate(gateDoc({ slow: { 'w2/node': 1.3 } }), { threshold: 10 });
  assert.deepEqual(
    g.regressions.map((r) => `${r.key} ${r.runtime}`),
    ['s/w2 node'],
  );
  assert.match(g.summary, /^gate: 1 significant regression\(s\) beyond threshold 10%: s\/w2 on node \(\+\d+\.\d%\)/);
  assert.deepEqual(
    g.table.columns.map((c) => c.label),
    ['workload', 'runtime', 'base', 'head', 'head/base', 'verdict'],
  );
  // The same slowdown within a wider A/A floor, or a base that is slower, passes.
  assert.equal(
    pairedGate(gateDoc({ slow: { 'w2/node': 1.3 } }), { floor: new Map([['s/w2', 0.4]]) }).regressions.length,
    0,
  );
  const faster = pairedGate(gateDoc({ slow: { 'w2/node/base': 1.3 } }), { threshold: 10 });
  assert.equal(faster.regressions.length, 0);
  assert.match(faster.summary, /1 improvement\(s\)/);
});

test('the paired gate passes equal trees and names a row the head broke', () => {
  assert.equal(pairedGate(gateDoc({}), { threshold: 10 }).regressions.length, 0);
  const doc = gateDoc({});
  for (const r of doc.results) if (r.workload === 'w3' && r.runtime === 'node') Object.assign(r, { status: 'error' });
  doc.runtimes[0].version = 'v0';
  const g = pairedGate(doc, { threshold: 10 });
  assert.deepEqual(g.broken, [{ key: 's/w3', runtime: 'node' }]);
  assert.match(g.summary, /1 row\(s\) broken on the head: s\/w3 on node/);
  const row = /** @type {any} */ (g.table.rows.find((r) => r.workload === 's/w3'));
  assert.match(row.verdict.text, /^BROKEN/);
  // A base id running another version than the head's says so.
  assert.equal(row.runtime, 'node (v0 → v1)');
});

test('diff shows B relative to A per runtime', () => {
  const a = doc([...rounds('a', [100, 101, 99]), ...rounds('b', [100, 100, 100])]);
  const b = doc([...rounds('a', [50, 50.5, 49.5]), ...rounds('b', [100, 101, 99])]);
  const text = printTable(diffOf(a, b).table);
  assert.match(text, /s\/w chunk=1024\s+a\s+.*\s2\.00×$/m);
  assert.match(text, /s\/w chunk=1024\s+b\s+.*=1\.00×$/m);
});
