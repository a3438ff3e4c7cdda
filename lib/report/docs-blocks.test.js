import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readmeCommand, regenerate } from './docs-blocks.js';

const AA = 'results/published/aa-node-math-json-quick.json';

test('a README block is regenerated from its results file and the rest of the text is kept', async () => {
  const text = `intro\n<!-- parity:aa file=${AA} -->\nstale\n<!-- parity:end -->\noutro\n`;
  const next = await regenerate(text);
  assert.match(next, /^intro\n<!-- parity:aa file=\S+ -->\n\*\*A\/A: node\/aa against node.*\n\| workload \| ratio/);
  assert.match(next, /noise floor on this machine/);
  assert.match(next, /<!-- parity:end -->\noutro\n$/);
  assert.equal(await regenerate(next), next, 'regenerating twice changes nothing');
});

test('readme --check fails on a stale block and passes once regenerated', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'parity-readme-')), 'README.md');
  writeFileSync(file, `<!-- parity:table file=${AA} -->\nold numbers\n<!-- parity:end -->\n`);
  const quiet = process.stderr.write;
  process.stderr.write = () => true;
  try {
    assert.equal(await readmeCommand({ check: true, files: [file] }), 1);
  } finally {
    process.stderr.write = quiet;
  }
  const out = process.stdout.write;
  process.stdout.write = () => true;
  try {
    assert.equal(await readmeCommand({ files: [file] }), 0);
    assert.equal(await readmeCommand({ check: true, files: [file] }), 0);
  } finally {
    process.stdout.write = out;
  }
  assert.match(readFileSync(file, 'utf8'), /\| math\/sqrt-sin-loop n=5000000 \|/);
});

test('an unknown block kind is a one-line error naming the valid kinds', async () => {
  await assert.rejects(
    regenerate('<!-- parity:chart x=1 -->\n<!-- parity:end -->'),
    /valid kinds are table, aa, floor, diff, timeline, bisect/,
  );
});

test('a floor block prints one line: the suite, its A/A file and what the floor is', async () => {
  const next = await regenerate(`<!-- parity:floor file=${AA} suite=math,json -->\n<!-- parity:end -->`);
  const body = next.split('\n').slice(1, -1);
  assert.equal(body.length, 1);
  assert.match(
    body[0],
    /^A\/A noise floor of math,json here \(results\/published\/aa-node-math-json-quick\.json\): median/,
  );
  assert.match(body[0], /rows flagged/);
});

test('a table block with title= prints the one table whose title starts so; an unknown title names those there are', async () => {
  const next = await regenerate(`<!-- parity:table file=${AA} title=Peak_RSS_per_job -->\n<!-- parity:end -->`);
  assert.match(next, /^<!-- parity:table \S+ title=Peak_RSS_per_job -->\n\*\*Peak RSS per job/);
  assert.doesNotMatch(next, /CPU per op/, 'only the table asked for');
  await assert.rejects(
    regenerate(`<!-- parity:table file=${AA} title=No_such_table -->\n<!-- parity:end -->`),
    /title=No_such_table: no table of \S+ has a title starting "No such table"; its titles start: .*Peak RSS per job/,
  );
});
