// The workflow as GitHub would run it: the matrix is OS × arch only, every leg runs at least three
// runtime kinds interleaved, each step that works is a make target, and pull requests are gated.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { loadLegs } from '../lib/results/legs.js';
import { LEG_RUNTIMES } from '../lib/run/workflows/ci.js';
import { unavailableOn } from '../lib/runtimes/host.js';
import { loadRegistry } from '../lib/runtimes/registry.js';

const WORKFLOW = readFileSync(join(ROOT, '.github', 'workflows', 'bench.yml'), 'utf8');

/** The text of each job under `jobs:`, by job id (two-space indent, as the file is written). */
function jobs() {
  const body = WORKFLOW.slice(WORKFLOW.indexOf('\njobs:\n'));
  /** @type {Record<string, string>} */
  const out = {};
  for (const part of body.split(/\n(?= {2}[\w-]+:\n)/).slice(1)) out[part.trim().split(':')[0]] = part;
  return out;
}

/** Every command line of every `run:` step (block scalars unfolded line by line). */
function runLines() {
  const lines = WORKFLOW.split('\n');
  const out = [];
  for (const [i, line] of lines.entries()) {
    const m = line.match(/^(\s*)(?:- )?run: (.*)$/);
    if (!m) continue;
    if (!/^[|>]/.test(m[2])) {
      out.push(m[2].trim());
      continue;
    }
    for (let k = i + 1; k < lines.length && (lines[k].trim() === '' || lines[k].search(/\S/) > m[1].length); k++) {
      if (lines[k].trim()) out.push(lines[k].trim());
    }
  }
  return out;
}

// GitHub's hosted labels and the CPU behind each (docs.github.com, "GitHub-hosted runners").
const LABEL_ARCH = {
  'ubuntu-24.04': 'linux-x64',
  'ubuntu-24.04-arm': 'linux-arm64',
  'macos-15': 'darwin-arm64',
  'macos-15-intel': 'darwin-x64',
  'windows-2025': 'win32-x64',
};

test('the matrix is five OS × arch legs on GitHub-hosted labels, and no runtime axis', () => {
  const legs = loadLegs();
  assert.deepEqual(legs.map((l) => l.leg).sort(), [
    'darwin-arm64',
    'darwin-x64',
    'linux-arm64',
    'linux-x64',
    'win32-x64',
  ]);
  for (const l of legs) assert.equal(LABEL_ARCH[/** @type {keyof typeof LABEL_ARCH} */ (l.runner)], l.leg, l.runner);
  const { leg } = jobs();
  assert.match(leg, /matrix: \$\{\{ fromJSON\(needs\.legs\.outputs\.matrix\) \}\}/);
  assert.match(leg, /runs-on: \$\{\{ matrix\.runner \}\}/);
  assert.doesNotMatch(WORKFLOW, /matrix\.runtime|^\s+runtime:/m);
  // The legs job's output is the legs file, as make ci-legs prints it.
  const printed = execFileSync('make', ['-s', 'ci-legs'], { cwd: ROOT, encoding: 'utf8' });
  assert.deepEqual(JSON.parse(printed), { include: legs });
  assert.match(jobs().legs, /make -s ci-legs/);
});

test('every leg runs at least three runtime kinds, interleaved in one make ci-leg', () => {
  const registry = loadRegistry();
  for (const { leg } of loadLegs()) {
    const [platform, arch] = leg.split('-');
    const ids = LEG_RUNTIMES.filter((id) => !unavailableOn(registry.runtimes[id], { platform, arch }));
    const kinds = new Set(ids.map((id) => registry.runtimes[id].kind));
    assert.ok(kinds.size >= 3, `${leg}: ${ids.join(' ')}`);
  }
  // One make ci-leg per leg, with no runtime list: the leg takes every runtime available there.
  const { leg } = jobs();
  assert.equal(leg.match(/make ci-leg/g)?.length, 1);
  assert.doesNotMatch(leg, /CI_RUNTIMES|RUNTIMES=/);
});

test('thin jobs: make targets, actionlint in the lint job only, npm cached on the lock', () => {
  const j = jobs();
  assert.deepEqual(Object.keys(j).sort(), ['gate', 'leg', 'legs', 'lint', 'merge']);
  assert.match(j.lint, /make lint typecheck/);
  assert.match(j.lint, /make actionlint-install/);
  for (const id of ['leg', 'gate']) assert.match(j[id], /setup BROWSER=0 LINT=0/, `${id} builds no actionlint`);
  assert.doesNotMatch(j.leg + j.gate + j.merge, /setup-go/);
  assert.match(j.merge, /make ci-merge LEGS=/);
  for (const id of ['lint', 'leg', 'merge', 'gate']) assert.match(j[id], /cache: npm/, `${id} caches npm`);
  // Every run step's working commands are make (or installers and shell plumbing).
  for (const line of runLines()) {
    assert.match(line, /^(make |echo |cat |if |fi$|choco |brew |npm install|bencher run|--)/, line);
  }
});

test('pull requests are gated by make gate: base and head interleaved in one run, and upload what they ran', () => {
  assert.match(WORKFLOW, /^ {2}pull_request:/m);
  const { gate } = jobs();
  assert.match(gate, /if: github\.event_name == 'pull_request'/);
  assert.match(gate, /ref: \$\{\{ github\.event\.pull_request\.base\.sha \}\}/);
  assert.match(gate, /make -C base setup BROWSER=0 LINT=0/);
  assert.match(
    gate,
    /make -C head gate BASE="\$PWD\/base" QUICK=1 SUITE="\$LEG_SUITES" THRESHOLD="\$GATE_THRESHOLD" OUT="\$PWD\/gate"/,
  );
  // No leg of its own for either tree any more: the two sittings drifted apart.
  assert.doesNotMatch(gate, /ci-leg|make -C head diff/);
  assert.match(gate, /upload-artifact[\s\S]*path: gate/);
  // Each leg uploads its folder: results JSON, A/A, BMF and the HTML report (leg.json names them).
  assert.match(jobs().leg, /upload-artifact[\s\S]*path: leg\/\$\{\{ matrix\.leg \}\}/);
});
