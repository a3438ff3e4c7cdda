// Deno.test adapter for the shared checks; the Makefile keeps *.deno.test.js away from `node --test`.
// Run: deno test -A runners/deno/checks.deno.test.js
import { asTest, loadChecks } from '../../lib/conformance/checks-load.js';

const runtime = Deno.env.get('PARITY_RUNTIME') || 'deno';
for (const check of await loadChecks()) {
  // Workers and MessagePorts outlive a check by a tick; the checks close what they open.
  Deno.test({
    name: `${check.name} (${runtime})`,
    fn: asTest(runtime, check),
    sanitizeOps: false,
    sanitizeResources: false,
  });
}
