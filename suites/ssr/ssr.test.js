// The SSR suite as a user sees it: the page check rejects what it must (a cached page, a
// development build, unescaped markup, wrong data); every app's page served by every runtime in a
// smoke run (status, structure, a per-request value that changes, production mode); an app that
// throws on render gives a failed row with its repro line; each page is the same size on every
// runtime, and vanilla's, React's and SvelteKit's within a few per cent of each other. The smoke
// run builds the framework apps on first use (results/.cache/ssr/; lib/run/shapes/server/apps/
// apps.test.js tests the builds).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { assertNoneLeft, runWatched } from '../../test/processes.js';
import { page } from './_apps/vanilla/server.js';
import { verifyPage } from './_check.js';
import { ITEMS, totalCents } from './_data.js';

const RUNTIMES = ['node', 'deno', 'bun', 'workerd'];
const APPS = ['vanilla', 'react', 'sveltekit', 'nextjs'];
const enc = new TextEncoder();
/** A response as the load client hands it to verify. @param {string} html */
const res = (html, status = 200) => ({ status, headers: {}, body: enc.encode(html) });
/** The vanilla page, production, with a per-request value that no other response has. */
const fresh = (opts = {}) =>
  page(opts)
    .replace('data-app="vanilla"', 'data-app="fixture"')
    .replace(/data-mode="[^"]*"/, 'data-mode="production"');

describe('the page check', () => {
  test('a fresh production page passes, and the primes page holds 2,262 primes below 20,000', () => {
    verifyPage(res(fresh()), 'fixture');
    verifyPage(res(fresh({ primes: true })), 'fixture', { primes: true });
    assert.equal(totalCents(), 2352540);
    assert.equal(fresh().split('data-id="').length - 1, ITEMS);
  });

  test('the same per-request value twice is a cached page', () => {
    const html = fresh();
    verifyPage(res(html), 'fixture');
    assert.throws(() => verifyPage(res(html), 'fixture'), /same data-request/);
  });

  test('a development build is an error naming NODE_ENV', () => {
    const html = fresh().replace(/data-mode="[^"]*"/, 'data-mode="development"');
    assert.throws(() => verifyPage(res(html), 'fixture'), /NODE_ENV=development/);
  });

  test('unescaped markup, missing items, a wrong total, a wrong prime count and a 500 are errors', () => {
    const html = fresh();
    assert.throws(() => verifyPage(res(fresh().replace('&lt;i&gt;', '<i>')), 'fixture'), /not escaped/);
    const cut = html.replace(/<li class="item" data-id="50">.*?<\/ul><\/li>/, '');
    assert.throws(() => verifyPage(res(cut), 'fixture'), /49 items/);
    assert.throws(() => verifyPage(res(fresh().replace(/data-total="\d+"/, 'data-total="1"')), 'fixture'), /total/);
    const primes = fresh({ primes: true }).replace('data-primes="2262"', 'data-primes="2261"');
    assert.throws(() => verifyPage(res(primes), 'fixture', { primes: true }), /data-primes 2261/);
    assert.throws(() => verifyPage(res(fresh(), 500), 'fixture'), /status 500/);
    assert.throws(() => verifyPage(res(fresh()), 'vanilla'), /names app "fixture"/);
  });
});

describe('every app on every runtime, QUICK, one round', () => {
  /** @type {any} */
  let run;
  const rows = () => run.doc?.results ?? [];
  test('the run ends well and leaves no process behind', { timeout: 900_000 }, async () => {
    run = await runWatched([
      '--runtimes',
      RUNTIMES.join(','),
      '--suite',
      'ssr',
      '--workload',
      [...APPS, 'nextjs-opennext'].join(','),
      '--quick',
      '--rounds',
      '1',
    ]);
    assert.equal(run.code, 0, run.stderr.slice(-2000));
    await assertNoneLeft(run.seen);
  });

  for (const app of APPS) {
    test(`${app}: every runtime serves its page, production, a new per-request value each time`, () => {
      const mine = rows().filter((r) => r.workload === app);
      assert.equal(mine.length, RUNTIMES.length * (app === 'vanilla' || app === 'react' ? 2 : 1));
      for (const r of mine) {
        const at = `${r.runtime} ${JSON.stringify(r.params)}`;
        assert.equal(r.status, 'ok', `${at}: ${r.error}`);
        // Every warm-up response was checked, each against the one before it.
        assert.ok(r.report.verified >= 2, `${at}: ${r.report.verified} responses verified`);
        assert.equal(r.report.node_env, 'production', at);
        assert.ok(r.metrics.requests_per_s.value > 0, at);
        assert.ok(r.metrics.server_cpu_per_request_us.value > 0, at);
        assert.ok(r.metrics.startup_ms.value > 0, at);
        // Cold start: the first checked page comes after the first 200 from /healthz.
        assert.ok(r.metrics.first_page_ms.value >= r.metrics.startup_ms.value, at);
        assert.ok(r.metrics.rss_idle_bytes.value > 0, at);
        assert.ok(r.metrics.response_bytes.value > 10_000, `${at}: ${r.metrics.response_bytes.value} bytes`);
      }
    });
  }

  test("nextjs-opennext: node serves OpenNext's worker as workerd does; deno and bun are unsupported with what their attempt gave", () => {
    const mine = rows().filter((r) => r.workload === 'nextjs-opennext');
    const at = (id) => /** @type {any} */ (mine.find((r) => r.runtime === id));
    for (const id of ['node', 'workerd']) {
      assert.equal(at(id).status, 'ok', `${id}: ${at(id).error}`);
      assert.ok(at(id).report.verified >= 2, `${id}: ${at(id).report.verified} responses verified`);
    }
    for (const id of ['deno', 'bun']) {
      assert.equal(at(id).status, 'unsupported', id);
      assert.match(at(id).error, /registerHooks|has no method/);
    }
  });

  test('the same page in the same bytes on every runtime, and within 5% across vanilla, React and SvelteKit', () => {
    /** @type {Record<string, number[]>} */
    const bytes = {};
    for (const r of rows().filter((x) => x.status === 'ok'))
      bytes[r.workload] = [...(bytes[r.workload] ?? []), r.metrics.response_bytes.value];
    for (const [app, xs] of Object.entries(bytes))
      assert.ok(Math.max(...xs) / Math.min(...xs) < 1.01, `${app}: ${xs.join(', ')} bytes`);
    const apps = ['vanilla', 'react', 'sveltekit'].map((a) => Math.min(...bytes[a]));
    assert.ok(Math.max(...apps) / Math.min(...apps) < 1.05, `vanilla, react, sveltekit: ${apps.join(', ')} bytes`);
    // Next.js inlines its server component tree again as the RSC payload (docs/ssr.md): more, never less.
    assert.ok(Math.min(...bytes.nextjs) > Math.max(...apps), `nextjs: ${bytes.nextjs.join(', ')} bytes`);
  });
});

test('an app that throws on render: a failed row on node and workerd with its repro line', {
  timeout: 300_000,
}, async () => {
  const r = await runWatched([
    '--runtimes',
    'node,workerd',
    '--suites-dir',
    join('test', 'fixtures', 'ssr-faulty'),
    '--suite',
    'ssr',
    '--quick',
    '--rounds',
    '1',
  ]);
  assert.equal(r.code, 0, r.stderr.slice(-2000));
  for (const runtime of ['node', 'workerd']) {
    const row = r.doc.results.find((x) => x.runtime === runtime);
    assert.equal(row.status, 'error', runtime);
    assert.match(row.error, /throws: status 500, expected 200/);
    assert.match(row.repro, new RegExp(`--runtimes ${runtime} --suite ssr --workload throws`));
  }
  await assertNoneLeft(r.seen);
});
