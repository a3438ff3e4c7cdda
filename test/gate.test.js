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
 * A workload of known cost: a busy-wait of `ms` on the clock per call. 0.5 ms is half the cost of
 * 1 ms whatever the JIT does (a loop of 1,000,000 int32 steps against 500,000 read anywhere from 2×
 * to 25× between processes: V8 compiled the two loops differently) and however loaded the machine.
 */
const spin = (name, ms = 1) => `export default {
  name: '${name}',
  unit: 'ops',
  params: { ms: [1] },
  setup: () => ({ spins: 0 }),
  run(state) {
    const end = performance.now() + ${ms};
    let spins = 0;
    while (performance.now() < end) spins++;
    state.spins = spins;
    return 1;
  },
  verify(state, out) {
    if (out !== 1 || !(state.spins > 0)) throw new Error('expected one call that waited, got ' + out);
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
  // head/base about 0.5×: the base id ran the base's workload, the head id this tree's.
  assert.match(r.stdout, /\s0\.[456]\d× +REGRESSION \+\d+(\.\d)?% time/, why);
  assert.match(
    r.stdout,
    /gate: 1 significant regression\(s\) beyond threshold 10%, A\/A noise floor per row: t\/spin ms=1 on node/,
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
  assert.deepEqual(r.doc.options.gate.only_base, ['t/gone ms=1']);
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
