// Real runs scored against a population: each comparison's verdict in one or more results files
// (QUICK runs, say) beside the ratio a kept run with many rounds per row reads for it (its table's
// main-mode ratio, the "truth" of tools/coverage.js). Counts per file: claims (faster or slower),
// wrong-sign claims, comparisons whose population ratio is 10% or more from 1 and how many of them
// the run decided with the right sign, and what stopped undecided. The population must come from
// the same microarchitecture as the runs (the fingerprint's CPU identity): a ratio between runtimes
// holds for one.
//
//   node tools/claims-vs-population.js POPULATION.json RUN.json [RUN.json …] [--baseline node]
import { readFileSync } from 'node:fs';
import { aggregate } from '../lib/results/aggregate.js';

const argv = process.argv.slice(2);
const at = argv.indexOf('--baseline');
const baseline = at >= 0 ? argv[at + 1] : 'node';
const files = argv.filter((a, i) => a !== '--baseline' && argv[i - 1] !== '--baseline');
if (files.length < 2 || !baseline) {
  console.error('usage: node tools/claims-vs-population.js POPULATION.json RUN.json [RUN.json …] [--baseline node]');
  process.exit(2);
}
const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
const cpu = (doc) => {
  const c = doc.fingerprint?.cpu ?? {};
  return [c.vendor, c.family, c.model, c.stepping].join('/');
};

/** Per `key runtime`: the cell's time ratio against the baseline (> 1 = faster) and its verdict. */
function ratiosOf(doc) {
  const ids = doc.runtimes.map((r) => r.id);
  if (!ids.includes(baseline)) {
    console.error(
      `claims-vs-population: no runtime "${baseline}" in a file (it has ${ids.join(', ')}); give --baseline <one of them>`,
    );
    process.exit(2);
  }
  const out = new Map();
  for (const row of aggregate(doc.results, ids, baseline).rows)
    for (const [id, cell] of Object.entries(row.cells))
      if (id !== baseline && cell.ratio)
        out.set(`${row.key} ${id}`, { ratio: cell.ratio.ratio, verdict: cell.ratio.verdict, rounds: cell.rounds });
  return out;
}

const population = read(files[0]);
const truth = ratiosOf(population);
console.log(`population ${files[0]}: ${truth.size} comparisons against ${baseline}, CPU ${cpu(population)}`);
const pct = (a, b) => (b ? `${((a / b) * 100).toFixed(1)}%` : '—');
let bad = 0;
for (const file of files.slice(1)) {
  const doc = read(file);
  const run = ratiosOf(doc);
  let claims = 0;
  const wrong = [];
  let large = 0;
  let largeRight = 0;
  const undecided = [];
  for (const [key, r] of run) {
    const t = truth.get(key);
    if (!t) continue;
    const claim = r.verdict === 'faster' || r.verdict === 'slower';
    if (claim) claims++;
    if (claim && r.ratio > 1 !== t.ratio > 1)
      wrong.push(`${key}: ${r.verdict} ${r.ratio.toFixed(3)}×, population ${t.ratio.toFixed(3)}×`);
    if (Math.abs(Math.log(t.ratio)) >= Math.log(1.1)) {
      large++;
      if (claim && r.ratio > 1 === t.ratio > 1) largeRight++;
    }
    if (r.verdict === 'inconclusive') undecided.push(`${key} (${r.rounds} rounds, population ${t.ratio.toFixed(3)}×)`);
  }
  const seconds = (Date.parse(doc.finished) - Date.parse(doc.started)) / 1000;
  const same =
    cpu(doc) === cpu(population) ? '' : ` — DIFFERENT CPU (${cpu(doc)}): the population is not this run's truth`;
  console.log(
    `${file} (${seconds.toFixed(0)} s${same}): ${run.size} comparisons, ${claims} claims, ${wrong.length} wrong-sign; ` +
      `${largeRight} of ${large} at ≥10% decided with the right sign (${pct(largeRight, large)}); ${undecided.length} inconclusive`,
  );
  for (const w of wrong) console.log(`  wrong sign: ${w}`);
  for (const u of undecided) console.log(`  inconclusive: ${u}`);
  if (wrong.length) bad = 1;
}
process.exitCode = bad;
