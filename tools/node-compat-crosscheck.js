// Cross-check: parity's deno column of make node-compat against Deno's own expectations for the
// same Node test tree (tests/node_compat/config.jsonc of denoland/deno at the commit whose
// runner/suite is the corpus parity ran). Prints the agreement counts and every differing file:
// what parity saw (outcome, first error line) and what Deno's file says (with its reason).
//   node tools/node-compat-crosscheck.js <conformance results.json> <config.jsonc> [runtime id]
import { existsSync, readFileSync } from 'node:fs';
import { crosscheck, parseJsonc } from '../lib/conformance/node-test/crosscheck.js';
import { conformanceRows } from '../lib/results/conformance-form.js';

const [resultsFile, configFile, runtime = 'deno'] = process.argv.slice(2);
if (!resultsFile || !configFile || !existsSync(resultsFile) || !existsSync(configFile)) {
  console.error(
    'usage: node tools/node-compat-crosscheck.js <conformance results.json> <Deno tests/node_compat/config.jsonc> [runtime id]',
  );
  process.exit(2);
}
const rows = conformanceRows(JSON.parse(readFileSync(resultsFile, 'utf8'))).filter(
  (r) => r.source === 'node-test' && r.runtime === runtime,
);
if (!rows.length) {
  console.error(
    `No node-test rows for runtime "${runtime}" in ${resultsFile}: run make node-compat RUNTIME=${runtime} first`,
  );
  process.exit(2);
}
const { tests } = parseJsonc(readFileSync(configFile, 'utf8'));
const c = crosscheck(rows, tests);
console.log(`${runtime}: ${rows.length} files run by parity; ${c.both} also listed in ${configFile}`);
console.log(
  `agree on ${c.agree} of ${c.both} (${c.agreePass} pass in both — parity's skips count as passes, as Deno's exit-0 rule does — ${c.agreeNotPass} pass in neither); differ on ${c.differ.length}`,
);
console.log(
  `not listed by Deno (its CI does not run them): ${c.unlisted}, of which parity sees ${c.unlistedPass} exit 0`,
);
for (const d of c.differ.sort((a, b) => (a.file < b.file ? -1 : 1))) {
  const deno = d.deno === 'pass' ? 'Deno expects a pass' : `Deno: ${d.reason}`;
  console.log(`  ${d.file}: parity ${d.parity}${d.detail ? ` (${d.detail})` : ''}; ${deno}`);
}
