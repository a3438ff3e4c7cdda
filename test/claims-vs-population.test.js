// tools/claims-vs-population.js on synthetic files of known ratios: a population in which bun is
// 2× node and deno 0.9× node (every round alike), and runs whose verdicts agree or not with it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { NODE } from './cli.js';

const TOOL = join(ROOT, 'tools', 'claims-vs-population.js');
const dir = mkdtempSync(join(tmpdir(), 'parity-claims-'));

/**
 * A results file of `rounds` rounds where each runtime's time per call is `ns[runtime]` times a
 * small round-to-round wobble, on the CPU `cpu`.
 */
function file(name, ns, rounds, cpu = { vendor: 'AuthenticAMD', family: '25', model: '17', stepping: '1' }) {
  const results = [];
  for (let round = 1; round <= rounds; round++)
    for (const [runtime, t] of Object.entries(ns)) {
      const wobble = 1 + 0.01 * Math.sin(round * 7 + t);
      results.push({
        suite: 's',
        workload: 'w',
        params: {},
        runtime,
        round,
        status: 'ok',
        unit: 'ops',
        median_ns: t * wobble,
        units_per_call: 1,
      });
    }
  const doc = {
    started: '2026-11-27T00:00:00Z',
    finished: '2026-11-27T00:01:00Z',
    fingerprint: { cpu },
    runtimes: Object.keys(ns).map((id) => ({ id })),
    results,
  };
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

const run = (...files) => spawnSync(NODE, [TOOL, ...files], { cwd: ROOT, encoding: 'utf8' });

test('a run that agrees with the population: no wrong sign, the ≥10% comparison decided', () => {
  const population = file('pop.json', { node: 100, bun: 50, deno: 111 }, 30);
  const r = run(population, file('agree.json', { node: 100, bun: 50, deno: 111 }, 4));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /2 comparisons, 2 claims, 0 wrong-sign; 2 of 2 at ≥10% decided with the right sign/);
});

test('a claim against the population is a wrong sign (exit 1); another CPU is named', () => {
  const population = file('pop2.json', { node: 100, bun: 50 }, 30);
  const other = { vendor: 'AuthenticAMD', family: '26', model: '2', stepping: '1' };
  const r = run(population, file('against.json', { node: 100, bun: 200 }, 4, other));
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /1 wrong-sign/);
  assert.match(r.stdout, /wrong sign: s\/w bun: slower/);
  assert.match(r.stdout, /DIFFERENT CPU \(AuthenticAMD\/26\/2\/1\)/);
});

test('a claim against the point of a population whose own interval holds 1 is not a wrong sign', () => {
  // 4 rounds with 1% wobbles: the population reads bun at about 0.997× node, its interval holding 1.
  const population = file('pop3.json', { node: 100, bun: 100.3 }, 4);
  const r = run(population, file('small.json', { node: 100, bun: 90 }, 4));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /1 claims, 0 wrong-sign \(and 1 against the point of a population whose interval holds 1\)/);
  assert.match(
    r.stdout,
    /sign not fixed by the population: s\/w bun: faster 1\.1\d\d×, population 0\.99\d× \[0\.9\d\d–1\.0\d\d\]/,
  );
});

test('the population says which of its ≥10% comparisons its own interval pins there', () => {
  // bun at 2× node in every round: pinned; deno at 0.906, its interval [0.899–0.912] reaching inside 10%: not.
  const population = file('pop4.json', { node: 100, bun: 50, deno: 111.4 }, 3);
  const r = run(population, file('any.json', { node: 100, bun: 50, deno: 111.4 }, 3));
  assert.match(r.stdout, /2 at ≥10% from 1; 1 of them with the population's own interval wholly ≥10% from 1/);
  assert.match(r.stdout, /not pinned at ≥10%: s\/w deno 0\.9\d\d× \[/);
});

test('bad input is a usage line, exit 2', () => {
  const r = run(file('only.json', { node: 1, bun: 1 }, 3));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^usage: node tools\/claims-vs-population.js/);
});
