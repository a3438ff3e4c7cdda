// Where QUICK's time goes past the minimum rounds: to the comparisons nearest a verdict. Each
// open comparison's rounds still needed are estimated from its own interval (roundsToVerdict),
// priced at its jobs' time so far, and the cheapest verdicts are taken first until the time left
// is spent (allocate). A comparison not taken this round waits, not stops: it is priced again
// every round, and takes rounds again as soon as the time left covers it (the others decided
// sooner than priced, or it was the nearest left). A comparison that stays open at the end is
// one the budget did not reach. Read at the end at the table's level like every comparison that
// ran to the end (lib/measure/stats/stopping.js); the simulations in stopping.test.js and
// docs/adaptive.md hold its A/A false claims and coverage to the same bounds as the rule without
// it.
import { LOG_MARGIN } from './equivalence.js';
import { tQuantile } from './tdist.js';

/**
 * Rounds a comparison still needs for a verdict at level `alpha`, read optimistically: its
 * difference taken one standard error further from 1 than measured (for faster or slower), or one
 * standard error nearer (for equivalent), whichever verdict needs fewer rounds, at its per-round
 * spread as measured. Optimistic so that a few noisy rounds do not write off a real difference:
 * the estimate tightens as rounds come. At least 1; Infinity without a spread to read (fewer than
 * 2 rounds).
 * @param {{log_mean: number, se: number, df: number, n: number}} r a (moderated) paired ratio
 * @param {number} alpha the level the verdict must hold at
 */
export function roundsToVerdict(r, alpha) {
  if (!(r.df > 0) || !Number.isFinite(r.se) || !Number.isFinite(r.log_mean)) return Number.POSITIVE_INFINITY;
  if (r.se === 0) return 1;
  const d = Math.abs(r.log_mean);
  const sd = r.se * Math.sqrt(r.n);
  // Faster or slower: the two-sided interval clears 1 (verdictAt); equivalent: TOST's one-sided
  // tests clear the margin.
  const apart = ((tQuantile(1 - alpha / 2, r.df) * sd) / (d + r.se)) ** 2;
  const within = LOG_MARGIN - Math.max(0, d - r.se);
  const inside = ((tQuantile(1 - alpha, r.df) * sd) / within) ** 2;
  return Math.max(1, Math.ceil(Math.min(apart, inside) - r.n));
}

/**
 * The comparisons the next round runs: cheapest verdicts first (rounds needed × the time one of
 * its rounds takes), as many as the time left pays for in full, and always the cheapest one.
 * @template T
 * @param {{id: T, need: number, ms: number}[]} open each open comparison: rounds still needed
 *   (roundsToVerdict) and the time one round of it takes
 * @param {number} leftMs the time left for rounds
 * @returns {Set<T>}
 */
export function allocate(open, leftMs) {
  const priced = open.map((c) => ({ id: c.id, cost: c.need * c.ms })).sort((a, b) => a.cost - b.cost);
  const taken = new Set();
  let spent = 0;
  for (const c of priced) {
    if (taken.size && spent + c.cost > leftMs) break;
    taken.add(c.id);
    spent += c.cost;
  }
  return taken;
}
