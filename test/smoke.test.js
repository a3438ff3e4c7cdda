// Smoke mode (STYLE 9): every workload of every suite, first quick parameter set, one round,
// on every runtime. A workload may be unsupported only where conformance/unsupported.json says the
// runtime lacks the feature; it must never be skipped, crash, hang or give a wrong answer.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { loadUnsupported, unexpectedUnsupported } from '../lib/conformance/unsupported.js';
import { paramSets, paramsKey } from '../lib/measure/workload.js';
import { ROOT } from '../lib/paths.js';
import { listSuites, loadWorkloads } from '../lib/results/discover.js';
import { validateResults } from '../lib/results/file.js';
import { kindRepresentatives, loadRegistry } from '../lib/runtimes/registry.js';
import { ensureTool, TOOLS } from '../lib/runtimes/tools.js';

const NODE = join(ROOT, 'node_modules', '.bin', 'node');
// One runtime per kind, plus the variants of those that swap in a preload (they change the globals).
const registry = loadRegistry();
const firsts = kindRepresentatives(registry);
const RUNTIMES = [
  ...firsts,
  ...Object.keys(registry.variants).filter(
    (v) => registry.variants[v].preload && firsts.includes(registry.variants[v].base),
  ),
];

// The runtimes run side by side, one CLI per runtime by default (PARITY_SMOKE_SHARDS=n for
// fewer): a smoke job mostly waits (process start-up, servers, pools) rather than computes.
// Here, five shards took 220 s where three took 312 s and one about 700 s; each job still runs
// alone in its own process, and only the shards share the machine.
const SHARDS = Math.max(1, Math.min(RUNTIMES.length, Number(process.env.PARITY_SMOKE_SHARDS ?? RUNTIMES.length) || 1));

/**
 * One CLI run over some runtimes; resolves with its exit status, stderr and results document.
 * @param {string[]} runtimes
 * @returns {Promise<{status: number | null, stderr: string, doc: any}>}
 */
function smokeRun(runtimes) {
  const out = join(mkdtempSync(join(tmpdir(), 'parity-smoke-')), 'smoke.json');
  const args = [
    'run',
    '--runtimes',
    runtimes.join(','),
    '--quick',
    '--rounds',
    '1',
    '--min-ms',
    '5',
    '--warmup-ms',
    '1',
  ];
  const child = spawn(NODE, [join(ROOT, 'lib', 'run', 'cli.js'), ...args, '--timeout', '60', '--out', out], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-20_000);
  });
  const limit = setTimeout(() => child.kill('SIGINT'), 900_000);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      clearTimeout(limit);
      resolve({ status, stderr, doc: JSON.parse(readFileSync(out, 'utf8')) });
    });
  });
}

describe('every workload on every runtime in smoke mode', () => {
  let doc;
  let runs;
  let workloads;
  let expected;
  before(async () => {
    // The open-loop rows need oha: had first, as a run has it (built on first use), so that its
    // one build does not count against the runs' time limit. Without cargo those rows are
    // unsupported with the reason that says so, and accepted as such here, said on stderr.
    const oha = await ensureTool(TOOLS.oha);
    expected = loadUnsupported();
    if (oha.noBuilder) {
      process.stderr.write(`smoke.test.js: open-loop rows may be unsupported: ${oha.reason}\n`);
      expected.push({ kind: '*', workload: 'http/open-loop', reason: '^missing oha: ', why: String(oha.reason) });
    }
    workloads = await loadWorkloads(listSuites());
    const shards = Array.from({ length: SHARDS }, (_, i) => RUNTIMES.filter((_, j) => j % SHARDS === i));
    runs = await Promise.all(shards.map(smokeRun));
    doc = { ...runs[0].doc, results: runs.flatMap((r) => r.doc.results) };
  });

  test('every workload module loads and validates', () => {
    for (const w of workloads) assert.equal(w.error, null, `${w.id}: ${w.error}`);
  });

  test('every shard completes and its file matches the schema', () => {
    for (const r of runs) {
      assert.equal(r.status, 0, r.stderr.slice(-2000));
      assert.deepEqual(validateResults(r.doc), []);
    }
  });

  test('exactly one job ran per workload, quick parameter set and runtime', () => {
    const expected = workloads.flatMap((w) =>
      paramSets(w.module, true).flatMap((p) => RUNTIMES.map((rt) => `${rt} ${w.id} ${paramsKey(p)}`)),
    );
    const ran = doc.results.map((r) => `${r.runtime} ${r.suite}/${r.workload} ${paramsKey(r.params)}`);
    assert.deepEqual([...ran].sort(), [...expected].sort());
  });

  test('every job is ok, or unsupported as conformance/unsupported.json expects for its runtime', () => {
    const bad = doc.results
      .filter((r) => r.status !== 'ok' && r.status !== 'unsupported')
      .map((r) => `${r.runtime} ${r.suite}/${r.workload}: ${r.status} ${r.error}\n  ${r.repro}`);
    assert.deepEqual(bad, []);
    // A regression that makes a server, a host or a fetch fail on a runtime that has the feature
    // must not pass as unsupported.
    assert.deepEqual(unexpectedUnsupported(doc.results, expected), []);
  });
});
