// make gate end to end: a base tree built in a temporary folder (this tree's lib/ and runners/,
// node_modules linked, suites of its own) runs beside this tree in one interleaved run, node
// only, QUICK, one small workload of known cost. About 15 s.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { CLI, NODE } from './cli.js';

const TMP = mkdtempSync(join(tmpdir(), 'parity-gate-'));
after(() => rmSync(TMP, { recursive: true, force: true }));

/**
 * A workload of known cost: `share` of n dependent steps per call, counted as n. share 0.5 does
 * half the work of share 1 for the same count, so it reads about 2× the throughput.
 */
const spin = (name, share = 1) => `export default {
  name: '${name}',
  unit: 'ops',
  params: { n: [1000000] },
  setup: ({ n }) => ({ n, sum: 0 }),
  run(state) {
    let s = 0;
    for (let i = 0; i < state.n * ${share}; i++) s = (s * 31 + i) % 1000003;
    state.sum = s;
    return state.n;
  },
  verify(state, out) {
    if (out !== state.n) throw new Error('expected ' + state.n + ' steps, got ' + out);
  },
};
`;

/**
 * A parity tree in TMP/name: package.json, lib/ and runners/ copied from this one (optionally),
 * node_modules linked, and suites/t/ holding the given workload files.
 * @param {string} name
 * @param {Record<string, string>} workloads file name → source
 * @param {{code?: boolean}} [o] code: copy lib/ and runners/ (a base tree); without, only suites (this tree's run)
 */
function tree(name, workloads, { code = true } = {}) {
  const dir = join(TMP, name);
  mkdirSync(join(dir, 'suites', 't'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), readFileSync(join(ROOT, 'package.json')));
  if (code) {
    for (const d of ['lib', 'runners']) {
      cpSync(join(ROOT, d), join(dir, d), { recursive: true, filter: (f) => !f.endsWith('.test.js') });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  }
  for (const [file, src] of Object.entries(workloads)) writeFileSync(join(dir, 'suites', 't', file), src);
  return dir;
}

/** `gate` from this tree (suites from `head`) against `base`; the exit code, output and results file. */
function gate(head, base, extra = []) {
  const out = join(TMP, `out-${Math.random().toString(36).slice(2)}`);
  const args = ['gate', '--base', base, '--runtimes', 'node', '--suites-dir', join(head, 'suites'), '--suite', 't'];
  args.push('--quick', '--rounds', '4', '--threshold', '10', '--out', out, ...extra);
  const r = spawnSync(NODE, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  const file = join(out, 'results.json');
  let doc = null;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, doc };
}

const head = tree('head', { 'spin.js': spin('spin'), 'fresh.js': spin('fresh') }, { code: false });

test('the gate fails on a workload that is 2× slower on the head than on the base, run interleaved', () => {
  const base = tree('slow-base', { 'spin.js': spin('spin', 0.5), 'gone.js': spin('gone') });
  const r = gate(head, base);
  const why = `${r.stdout}\n${r.stderr.slice(-1500)}`;
  assert.equal(r.code, 1, why);
  assert.match(r.stdout, /REGRESSION \+\d+(\.\d)?% time/, why);
  assert.match(
    r.stdout,
    /gate: 1 significant regression\(s\) beyond threshold 10%, A\/A noise floor per row: t\/spin n=1000000 on node/,
  );
  // A workload only one tree has is listed, not run.
  assert.match(r.stdout, /only on the head \(new; reported, not gated\): t\/fresh/);
  assert.match(r.stdout, /only on the base \(removed; reported, not gated\): t\/gone/);
  const ran = new Set(r.doc.results.map((x) => `${x.runtime} ${x.workload}`));
  assert.deepEqual([...ran].sort(), ['node spin', 'node/aa spin', 'node/base spin']);
  // Every round ran the three ids back to back: a base job and a head job in each.
  for (let round = 1; round <= 4; round++) {
    assert.equal(r.doc.results.filter((x) => x.round === round).length, 3);
  }
  assert.deepEqual(r.doc.options.gate.only_base, ['t/gone n=1000000']);
  assert.equal(r.doc.options.gate.base.dir, base);
});

test('the gate passes when the two trees are equal', () => {
  const base = tree('same-base', { 'spin.js': spin('spin') });
  const r = gate(head, base, ['--workload', 'spin']);
  assert.equal(r.code, 0, `${r.stdout}\n${r.stderr.slice(-1500)}`);
  assert.match(r.stdout, /gate: no slowdown beyond threshold 10%/);
});

test('a base too old to be driven is named and skipped; a missing base is a usage error', () => {
  const old = tree('old-base', { 'spin.js': spin('spin') });
  rmSync(join(old, 'lib', 'measure', 'protocol.js'));
  const r = gate(head, old);
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /cannot be driven by this tree: it has no lib\/measure\/protocol\.js.*Nothing to gate against/,
  );
  assert.equal(r.doc, null);
  const other = tree('other-protocol', { 'spin.js': spin('spin') });
  writeFileSync(join(other, 'lib', 'measure', 'protocol.js'), 'export const JOB_PROTOCOL = 999;\n');
  assert.match(gate(head, other).stdout, /it speaks job protocol 999, this tree 1/);
  const missing = gate(head, join(TMP, 'nowhere'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /BASE ".*nowhere" is not a folder/);
});
