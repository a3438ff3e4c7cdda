// bun:test adapter for the shared checks; the Makefile keeps *.bun.test.js away from `node --test`.
// Run: bun test ./runners/bun/checks.bun.test.js
import { test } from 'bun:test';
import { asTest, loadChecks } from '../../lib/conformance/checks-load.js';

const runtime = process.env.PARITY_RUNTIME || 'bun';
for (const check of await loadChecks()) test(`${check.name} (${runtime})`, asTest(runtime, check), 20_000);
