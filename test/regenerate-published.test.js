// tools/regenerate-published.js replays every kept file's recorded command from one checkout.
// Running it takes hours, so this checks the plan it would run on this repository's own kept
// files, and its command-line errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { invocation } from '../lib/runtimes/drivers/process.js';
import { PUBLISHED, planRegeneration, replayable, shellWords } from '../tools/regenerate-published.js';

const TOOL = join(ROOT, 'tools', 'regenerate-published.js');

test('a recorded command splits as a shell would split it', () => {
  assert.deepEqual(shellWords(`run --runtimes 'node deno bun' --params "chunk=1024 mb=1" a\\ b ''`), [
    'run',
    '--runtimes',
    'node deno bun',
    '--params',
    'chunk=1024 mb=1',
    'a b',
    '',
  ]);
  assert.deepEqual(shellWords(`x "a \\"q\\" b" 'it''s'`), ['x', 'a "q" b', 'its']);
  assert.throws(() => shellWords(`run 'open`), /unterminated ' quote/);
});

test('a command made in another checkout runs the same script here; a prefix before node stays', () => {
  assert.deepEqual(replayable('/work/kept/lib/run/cli.js run --quick --out results/published/a.json'), {
    prefix: [],
    script: 'lib/run/cli.js',
    args: ['run', '--quick', '--out', 'results/published/a.json'],
  });
  assert.deepEqual(replayable('taskset -c 0 node /work/kept/tools/startup-crosscheck.js node,deno 60'), {
    prefix: ['taskset', '-c', '0'],
    script: 'tools/startup-crosscheck.js',
    args: ['node,deno', '60'],
  });
  assert.equal(replayable('make bisect RUNTIME=node'), null);
  // wpt and checks once recorded their arguments unquoted: the runtimes' list is one value again.
  assert.deepEqual(replayable('lib/run/cli.js wpt --runtimes node node@22 deno --wpt-dir /w --dirs streams')?.args, [
    'wpt',
    '--runtimes',
    'node node@22 deno',
    '--wpt-dir',
    '/w',
    '--dirs',
    'streams',
  ]);
});

test('a command as a results file records it splits back into the same arguments', () => {
  const argv = [
    'node',
    '/w/lib/run/cli.js',
    'wpt',
    '--runtimes',
    'node deno',
    '--params',
    "a='b' c",
    '--out',
    'x y.json',
  ];
  assert.deepEqual(shellWords(invocation(argv)), argv.slice(1));
  assert.deepEqual(replayable(invocation(argv))?.args, argv.slice(2));
});

test("the plan covers every kept file, writes each where it is kept, and makes a file's inputs first", () => {
  const { steps, skipped } = planRegeneration(ROOT);
  const names = [...steps.map((s) => s.name), ...skipped.map((s) => s.name)].sort();
  const kept = readdirSync(join(ROOT, PUBLISHED))
    .filter((n) => !n.endsWith('.html'))
    .sort();
  assert.deepEqual(names, kept, 'every kept file is made again or named with its reason');
  for (const s of skipped) assert.ok(s.why.length > 10, `${s.name} is skipped with a reason`);
  // A plan that regenerates by hand what a run should make is no plan: most files are made again.
  assert.ok(steps.length >= kept.length - 2, `${steps.length} of ${kept.length} made again`);
  steps.forEach((s, i) => {
    assert.ok(existsSync(join(ROOT, s.run.script)), `${s.name}: ${s.run.script} exists here`);
    if (!s.conformance) {
      const out = s.run.args.indexOf('--out');
      const target = out >= 0 ? s.run.args[out + 1] : s.run.args.at(-1);
      assert.equal(target, `${PUBLISHED}/${s.name}`, `${s.name} writes its own kept path`);
    }
    for (const input of s.inputs) {
      const at = steps.findIndex((x) => `${PUBLISHED}/${x.name}` === input);
      assert.ok(at >= 0 && at < i, `${s.name} runs after ${input}, which it reads`);
    }
  });
  assert.ok(
    steps.some((s) => s.inputs.length),
    'some kept file reads another (the HTTP cross-checks), so the order is tested',
  );
});

test('--dry-run prints the plan and its time; a bad option or name is a one-line error and exit 2', () => {
  const dry = spawnSync(process.execPath, [TOOL, '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(dry.status, 0, dry.stderr);
  assert.match(dry.stdout, /^\d+ kept file\(s\) from commit \w+; their recorded run times add up to [\d.]+ (h|min)/);
  const bad = spawnSync(process.execPath, [TOOL, '--bogus'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^regenerate-published: unknown option --bogus; valid: /);
  const none = spawnSync(process.execPath, [TOOL, '--only', 'nope.json', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stderr, /^regenerate-published: no kept file to make named nope\.json; kept: /);
  const root = spawnSync(process.execPath, [TOOL, '--root', join(ROOT, 'docs'), '--dry-run'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.equal(root.status, 2);
  assert.match(root.stderr, /^regenerate-published: --root .*docs is not a parity checkout/);
});
