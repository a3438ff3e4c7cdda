// One command line: every make target goes through cli.js's one table, with one set of defaults,
// and bad input to any command (conformance's included) is one line and exit code 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../paths.js';
import { COMMANDS } from '../cli.js';
import { DEFAULT_RUNTIMES, OPTIONS } from '../options.js';

const makefiles = () =>
  ['Makefile', 'mk/conformance.mk', 'mk/timeline.mk', 'mk/math.mk'].map((f) => readFileSync(join(ROOT, f), 'utf8'));

test('every make target calls a command of the one table, and no script has a parser of its own', () => {
  const called = makefiles().flatMap((m) => [...m.matchAll(/\$\(ORCH\) ([a-z-]+)/g)].map((x) => x[1]));
  assert.ok(called.length > 20);
  for (const name of called) assert.ok(COMMANDS[name], `make calls "${name}", which is not in COMMANDS`);
  const direct = makefiles().flatMap((m) => [...m.matchAll(/^(?!ORCH :=).*\$\(NODE\) (lib\/\S+)/gm)].map((x) => x[1]));
  assert.deepEqual(direct, []);
});

test('every option a command lists is defined once, and make lists no runtimes of its own', () => {
  for (const [name, c] of Object.entries(COMMANDS)) {
    for (const k of c.options) assert.ok(OPTIONS[k], `${name} lists --${k}, which OPTIONS does not define`);
  }
  // An empty RUNTIMES leaves --runtimes out, so the CLI's default (runners/runtimes.json) holds.
  assert.match(makefiles()[0], /^RUNTIMES \?=\s*$/m);
  assert.equal(DEFAULT_RUNTIMES, 'node deno bun');
});

test('bad input to the conformance commands is one line naming what is wrong, exit 2', () => {
  const cli = (...args) =>
    spawnSync(process.execPath, [join(ROOT, 'lib', 'run', 'cli.js'), ...args], { encoding: 'utf8' });
  /** @type {[string[], RegExp][]} */
  const cases = [
    [['wpt', '--bogus'], /Unknown option '--bogus'/],
    [
      ['checks', '--dirs', 'streams'],
      /checks does not take --dirs: valid options are --runtimes, --markdown, --no-write/,
    ],
    [
      ['wpt', '--wpt-dir', 'conformance/fixtures/wpt-mini', '--concurrency', 'two'],
      /Invalid --concurrency "two": expected a positive integer/,
    ],
    [['wpt-update', '--runtimes', 'node deno'], /wpt-update needs exactly one --runtimes id/],
  ];
  for (const [args, message] of cases) {
    const r = cli(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
  }
});
