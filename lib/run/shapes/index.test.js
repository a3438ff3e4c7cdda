// Job shapes: a workload's exports choose how its jobs run; the loop asks the shape, not the suite.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SHAPES, shapeFor, toolsOf } from './index.js';

test('a workload with run is a bench job, one with request a server job, one with command a process job', () => {
  assert.equal(shapeFor({ run() {} }), SHAPES.bench);
  assert.equal(shapeFor({ request() {} }), SHAPES.server);
  assert.equal(shapeFor({ command() {} }), SHAPES.process);
  assert.equal(shapeFor(null), SHAPES.bench); // a module that failed to load still gets a repro line
});

test("the server shape checks its load's parameters; the bench shape has none of its own", () => {
  assert.equal(SHAPES.server.check({ params: { concurrency: [1, 64] } }), null);
  assert.equal(SHAPES.server.check({ params: { route: ['a'] } }), null);
  assert.equal(SHAPES.server.check({ params: { concurrency: [0] } }), 'params.concurrency must hold positive integers');
  assert.equal(SHAPES.bench.check({ params: { concurrency: [0] } }), null);
});

test('a bench job goes to the driver as it is, with the context the loop made', async () => {
  const job = { id: 'j' };
  const ctx = { version: null, limits: { timeout_s: 7, mem_cap_bytes: 1 } };
  const driver = { run: async (j, s, c) => ({ j, s, c }), repro: () => 'cmd' };
  const got = await SHAPES.bench.run(job, { spec: 1 }, ctx, driver);
  assert.equal(got.j, job);
  assert.equal(got.c, ctx);
  assert.equal(SHAPES.bench.repro(job, {}, driver), 'cmd');
});

test('only an open-loop server workload needs a tool before the first job (oha), named once', () => {
  const row = (module) => ({ workload: { module } });
  const open = { request() {}, loop: 'open' };
  assert.deepEqual(toolsOf([row(open), row({ request() {} }), row(open), row({ run() {} })]), ['oha']);
  assert.deepEqual(toolsOf([row({ request() {} }), row({ request() {}, loop: 'idle' }), row({ command() {} })]), []);
  assert.deepEqual(toolsOf([row(null)]), [], 'a module that failed to load needs nothing');
});
