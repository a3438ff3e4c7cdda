// node:test adapter for the shared checks (conformance/checks). PARITY_RUNTIME names the runtime
// id whose expectations apply (e.g. node@22 when run under node_modules/node-22/bin/node).
import process from 'node:process';
import { test } from 'node:test';
import { asTest, loadChecks } from '../../lib/conformance/checks-load.js';

const runtime = process.env.PARITY_RUNTIME || 'node';
for (const check of await loadChecks()) test(`${check.name} (${runtime})`, asTest(runtime, check));
