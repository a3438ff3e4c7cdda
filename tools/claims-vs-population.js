// Real runs scored against a population: each comparison's verdict in one or more results files
// (QUICK runs, say) beside the ratio a kept run with many rounds per row reads for it (its table's
// main-mode ratio, the "truth" of tools/coverage.js). Counts per file: claims (faster or slower),
// wrong-sign claims, comparisons whose population ratio is 10% or more from 1 and how many of them
// the run decided with the right sign, and what stopped undecided. A population is a sample too:
// of the comparisons 10% or more from 1, it says how many its own adjusted interval puts wholly
// 10% or more from 1, and it prints the population's interval beside every wrong sign and every
// undecided comparison, so a reader can tell a miss from a truth the population did not pin down.
// The population must come from the same microarchitecture as the runs (the fingerprint's CPU
// identity): a ratio between runtimes holds for one.
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
        out.set(`${row.key} ${id}`, {
          ratio: cell.ratio.ratio,
          ci: cell.ratio.ci95,
          verdict: cell.ratio.verdict,
          rounds: cell.rounds,
        });
  return out;
}

const population = read(files[0]);
const truth = ratiosOf(population);
console.log(`population ${files[0]}: ${truth.size} comparisons against ${baseline}, CPU ${cpu(population)}`);
const pct = (a, b) => (b ? `${((a / b) * 100).toFixed(1)}%` : '—');
const TEN = Math.log(1.1);
/** Whether a population ratio lies 10% or more from 1. */
const atTen = (t) => Math.abs(Math.log(t.ratio)) >= TEN;
/** A population ratio with its adjusted 95% interval, as "0.850× [0.790–0.915]". */
const withCi = (t) => `${t.ratio.toFixed(3)}× [${t.ci[0].toFixed(3)}–${t.ci[1].toFixed(3)}]`;
/** Whether the population's own interval lies wholly 10% or more from 1 (on one side). */
const pinned = (t) => Math.log(t.ci[0]) >= TEN || Math.log(t.ci[1]) <= -TEN;
{
  const large = [...truth.values()].filter(atTen);
  console.log(
    `  ${large.length} at ≥10% from 1; ${large.filter(pinned).length} of them with the population's own interval wholly ≥10% from 1`,
  );
  for (const [key, t] of truth) if (atTen(t) && !pinned(t)) console.log(`  not pinned at ≥10%: ${key} ${withCi(t)}`);
}
/** Whether the population's own interval excludes 1: its sign is established. */
const signed = (t) => t.ci[0] > 1 || t.ci[1] < 1;
let bad = 0;
for (const file of files.slice(1)) {
  const doc = read(file);
  const run = ratiosOf(doc);
  let claims = 0;
  const wrong = [];
  const unsigned = [];
  let large = 0;
  let largeRight = 0;
  const undecided = [];
  for (const [key, r] of run) {
    const t = truth.get(key);
    if (!t) continue;
    const claim = r.verdict === 'faster' || r.verdict === 'slower';
    if (claim) claims++;
    // A claim against the population's point is wrong only where the population's interval fixes
    // the sign; where it holds 1, the claim disagrees with the point but not with what was measured.
    if (claim && r.ratio > 1 !== t.ratio > 1)
      (signed(t) ? wrong : unsigned).push(`${key}: ${r.verdict} ${r.ratio.toFixed(3)}×, population ${withCi(t)}`);
    if (atTen(t)) {
      large++;
      if (claim && r.ratio > 1 === t.ratio > 1) largeRight++;
    }
    if (r.verdict === 'inconclusive') undecided.push(`${key} (${r.rounds} rounds, population ${withCi(t)})`);
  }
  const seconds = (Date.parse(doc.finished) - Date.parse(doc.started)) / 1000;
  const same =
    cpu(doc) === cpu(population) ? '' : ` — DIFFERENT CPU (${cpu(doc)}): the population is not this run's truth`;
  console.log(
    `${file} (${seconds.toFixed(0)} s${same}): ${run.size} comparisons, ${claims} claims, ${wrong.length} wrong-sign` +
      `${unsigned.length ? ` (and ${unsigned.length} against the point of a population whose interval holds 1)` : ''}; ` +
      `${largeRight} of ${large} at ≥10% decided with the right sign (${pct(largeRight, large)}); ${undecided.length} inconclusive`,
  );
  for (const w of wrong) console.log(`  wrong sign: ${w}`);
  for (const w of unsigned) console.log(`  against the point, sign not fixed by the population: ${w}`);
  for (const u of undecided) console.log(`  inconclusive: ${u}`);
  if (wrong.length) bad = 1;
}
process.exitCode = bad;
