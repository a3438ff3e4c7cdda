// Tools built on first use, with a stand-in builder (a shell script that counts its builds): found
// without a build when cached, built once after one line when missing, a missing builder and a
// failed build named, another live process's lock waited for, a dead process's lock taken over.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildProblem, ensureTool, findTool, notBuiltReason, TOOLS, toolRoot } from './tools.js';

const TOOLS_JS = pathToFileURL(join(import.meta.dirname, 'tools.js')).href;

/**
 * A temporary cache, a PATH holding the stand-in builder `fakebuild` (exit code `exit`), and the
 * spec of a tool `fake` it builds. The builder appends a line to `count` per build.
 */
function sandbox(exit = 0) {
  const base = mkdtempSync(join(tmpdir(), 'parity-tools-'));
  const bin = join(base, 'path');
  mkdirSync(bin);
  const count = join(base, 'count');
  writeFileSync(
    join(bin, 'fakebuild'),
    `#!/bin/sh\necho build >> "$2"\nsleep 0.5\nif [ ${exit} != 0 ]; then echo "fakebuild: broke" >&2; exit ${exit}; fi\n` +
      `mkdir -p "$1/bin" && printf '#!/bin/sh\\necho fake 1.0\\n' > "$1/bin/fake" && chmod +x "$1/bin/fake"\n`,
  );
  chmodSync(join(bin, 'fakebuild'), 0o755);
  const spec = fakeSpec(count);
  return { dir: join(base, 'cache'), path: bin, count, spec, builds: () => readLines(count).length };
}

/** The stand-in tool's spec (also made in a child process, so built from plain values). @param {string} count */
function fakeSpec(count) {
  return {
    name: 'fake',
    version: '1.0',
    exe: join('bin', 'fake'),
    purpose: 'the fake rows',
    duration: 'once, a moment',
    builder: 'fakebuild',
    getBuilder: 'apt-get install fakebuild',
    buildArgs: (/** @type {string} */ root) => [root, count],
  };
}

const readLines = (f) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);

test('a tool already in the cache is found without a build or a line', async () => {
  const s = sandbox();
  const exe = join(toolRoot(s.spec, s.dir), 'bin', 'fake');
  mkdirSync(join(exe, '..'), { recursive: true });
  writeFileSync(exe, '');
  const lines = [];
  assert.deepEqual(await ensureTool(s.spec, { dir: s.dir, path: s.path, log: (l) => lines.push(l) }), {
    bin: exe,
    reason: null,
    noBuilder: false,
  });
  assert.equal(s.builds(), 0);
  assert.deepEqual(lines, []);
});

test('a missing tool is built once, after one line naming it, what needs it and where it goes', async () => {
  const s = sandbox();
  const lines = [];
  const opts = { dir: s.dir, path: s.path, log: (l) => lines.push(l) };
  assert.equal(findTool(s.spec, opts), null);
  const [a, b] = await Promise.all([ensureTool(s.spec, opts), ensureTool(s.spec, opts)]);
  const exe = join(toolRoot(s.spec, s.dir), 'bin', 'fake');
  assert.deepEqual(
    [a, b],
    [
      { bin: exe, reason: null, noBuilder: false },
      { bin: exe, reason: null, noBuilder: false },
    ],
  );
  assert.equal(spawnSync(exe, { encoding: 'utf8' }).stdout, 'fake 1.0\n');
  assert.equal(s.builds(), 1);
  assert.deepEqual(lines, [
    `parity: building fake 1.0 for the fake rows (once, a moment) into ${toolRoot(s.spec, s.dir)}`,
  ]);
  assert.ok(!existsSync(`${toolRoot(s.spec, s.dir)}.lock`), 'the lock is released');
  assert.deepEqual(await ensureTool(s.spec, opts), { bin: exe, reason: null, noBuilder: false });
  assert.equal(s.builds(), 1);
});

test('without its builder a missing tool resolves with a reason naming the builder and how to get it', async () => {
  const s = sandbox();
  const r = await ensureTool(s.spec, { dir: s.dir, path: join(s.dir, 'nothing-here'), log: () => {} });
  assert.deepEqual(r, {
    bin: null,
    noBuilder: true,
    reason:
      'missing fake: fakebuild is needed to build it for the fake rows (apt-get install fakebuild); the next run builds it',
  });
  assert.equal(s.builds(), 0);
  assert.match(
    notBuiltReason(TOOLS.oha),
    /^missing oha: cargo is needed to build it for the open-loop HTTP rows \(apt-get install cargo/,
  );
});

test('a failed build names its exit code, and the same process does not build again', async () => {
  const s = sandbox(3);
  const opts = { dir: s.dir, path: s.path, log: () => {} };
  const r = await ensureTool(s.spec, opts);
  assert.deepEqual(r, {
    bin: null,
    noBuilder: false,
    reason: 'missing fake: fakebuild exited with 3; its output is above',
  });
  assert.deepEqual(await ensureTool(s.spec, opts), r);
  assert.equal(s.builds(), 1);
  assert.equal(buildProblem(s.spec, s.dir), r.reason);
});

/**
 * A child process that ensures the stand-in tool: `waiting` resolves when it says it waits for a
 * lock, `done` with its exit status, stderr and result (JSON on stdout).
 */
function ensureInChild(s) {
  const code = `import { ensureTool } from ${JSON.stringify(TOOLS_JS)};
const count = ${JSON.stringify(s.count)};
const spec = { name: 'fake', version: '1.0', exe: 'bin/fake', purpose: 'the fake rows', duration: 'once, a moment',
  builder: 'fakebuild', getBuilder: 'apt-get install fakebuild', buildArgs: (root) => [root, count] };
const r = await ensureTool(spec, { dir: ${JSON.stringify(s.dir)}, path: ${JSON.stringify(s.path)} });
process.stdout.write(JSON.stringify(r));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  /** @type {(said: string) => void} */
  let onWait = () => {};
  const waiting = new Promise((resolve) => {
    onWait = resolve;
  });
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
    if (err.includes('waiting for another')) onWait(err);
  });
  const done = new Promise((resolve) => child.on('close', (status) => resolve({ status, out, err })));
  return { waiting, done };
}

test('while another live process holds the lock, a run waits, then takes what that one built', async () => {
  const s = sandbox();
  const root = toolRoot(s.spec, s.dir);
  // This test process plays the other builder: it holds the lock under its own (live) pid.
  mkdirSync(`${root}.lock`, { recursive: true });
  writeFileSync(join(`${root}.lock`, 'pid'), String(process.pid));
  const child = ensureInChild(s);
  const said = await child.waiting;
  assert.match(said, /^parity: waiting for another process's build of fake 1\.0 \(.*fake-1\.0\.lock\)$/m);
  mkdirSync(join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'bin', 'fake'), '');
  rmSync(`${root}.lock`, { recursive: true });
  const c = /** @type {any} */ (await child.done);
  assert.equal(c.status, 0, c.err);
  assert.deepEqual(JSON.parse(c.out), { bin: join(root, 'bin', 'fake'), reason: null, noBuilder: false });
  assert.equal(s.builds(), 0, 'the waiting process built nothing itself');
});

test('a lock left by a process that is gone is taken over, and the tool built', async () => {
  const s = sandbox();
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const lock = `${toolRoot(s.spec, s.dir)}.lock`;
  mkdirSync(lock, { recursive: true });
  writeFileSync(join(lock, 'pid'), dead.stdout);
  const r = await ensureTool(s.spec, { dir: s.dir, path: s.path, log: () => {} });
  assert.deepEqual(r, { bin: join(toolRoot(s.spec, s.dir), 'bin', 'fake'), reason: null, noBuilder: false });
  assert.equal(s.builds(), 1);
});
