// Smoke mode (STYLE 9): every workload of every suite, first quick parameter set, one round,
// on every runtime. A workload may be unsupported somewhere (naming what is missing), but it
// must never be skipped, crash, hang or give a wrong answer.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { paramSets, paramsKey } from '../lib/measure/workload.js';
import { listSuites, loadWorkloads } from '../lib/run/discover.js';
import { kindRepresentatives, loadRegistry, ROOT } from '../lib/run/registry.js';
import { validateResults } from '../lib/run/results.js';

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

describe('every workload on every runtime in smoke mode', () => {
  let doc;
  let proc;
  let workloads;
  before(async () => {
    workloads = await loadWorkloads(listSuites());
    const out = join(mkdtempSync(join(tmpdir(), 'parity-smoke-')), 'smoke.json');
    const args = [
      'run',
      '--runtimes',
      RUNTIMES.join(','),
      '--quick',
      '--rounds',
      '1',
      '--min-ms',
      '5',
      '--warmup-ms',
      '1',
    ];
    proc = spawnSync(NODE, [join(ROOT, 'lib', 'run', 'cli.js'), ...args, '--timeout', '60', '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 900_000,
    });
    doc = JSON.parse(readFileSync(out, 'utf8'));
  });

  test('every workload module loads and validates', () => {
    for (const w of workloads) assert.equal(w.error, null, `${w.id}: ${w.error}`);
  });

  test('the run completes and its file matches the schema', () => {
    assert.equal(proc.status, 0, proc.stderr.slice(-2000));
    assert.deepEqual(validateResults(doc), []);
  });

  test('exactly one job ran per workload, quick parameter set and runtime', () => {
    const expected = workloads.flatMap((w) =>
      paramSets(w.module, true).flatMap((p) => RUNTIMES.map((rt) => `${rt} ${w.id} ${paramsKey(p)}`)),
    );
    const ran = doc.results.map((r) => `${r.runtime} ${r.suite}/${r.workload} ${paramsKey(r.params)}`);
    assert.deepEqual([...ran].sort(), [...expected].sort());
  });

  test('every job is ok, or unsupported with its reason (a missing API, or what setup found the runtime cannot do)', () => {
    const reasoned = (r) => /^missing \S/.test(r.error) || (r.phase === 'setup' && /\S{3}/.test(r.error ?? ''));
    const bad = doc.results
      .filter((r) => !(r.status === 'ok' || (r.status === 'unsupported' && reasoned(r))))
      .map((r) => `${r.runtime} ${r.suite}/${r.workload}: ${r.status} ${r.error}\n  ${r.repro}`);
    assert.deepEqual(bad, []);
  });
});
