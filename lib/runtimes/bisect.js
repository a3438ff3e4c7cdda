// The bisect search over releases, independent of how a release is measured: `measure` runs some
// releases interleaved and answers paired comparisons between them. Pure control flow, so the
// search is tested over synthetic figures.

/**
 * @typedef {{significant: boolean, ratio?: number, ci95?: [number, number], verdict?: string, size: number}} Comparison
 *   size: how big the difference is (|log ratio| for figures, subtests that differ for WPT), to
 *   choose a side when the middle release differs from both ends
 * @typedef {{compare: (a: string, b: string) => Comparison, file?: string}} Measured
 * @typedef {{versions: string[], lo: string, mid: string, hi: string, toLo: Comparison, toHi: Comparison,
 *   went: 'lower' | 'upper', why: string, file?: string}} Step
 * @typedef {{status: 'found' | 'no-change' | 'no-single-step' | 'inconclusive', before: string, after: string,
 *   comparison: Comparison, steps: Step[], file?: string}} Outcome
 */

/**
 * A middle release is "like" an end only when an equivalence test says so (the comparison's
 * verdict is `equivalent`: its interval lies within the margin); a comparator without a paired
 * verdict (WPT statuses, which do not vary between runs; a release that did not run) is like an
 * end when it does not differ.
 * @param {Comparison} c
 */
const PAIRED = new Set(['faster', 'slower', 'equivalent', 'inconclusive']);
export const isLike = (c) => (PAIRED.has(c.verdict ?? '') ? c.verdict === 'equivalent' : !c.significant);

/** A comparison with its confidence, for the step's line: "1.10× [1.05–1.16] slower". */
export function confidence(c) {
  if (!Number.isFinite(c.ratio)) return c.verdict ?? (c.significant ? 'differs' : 'same');
  const f = (x) => (Number(x) >= 10 ? Number(x).toPrecision(3) : Number(x).toFixed(2));
  const ci = c.ci95 ? ` [${f(c.ci95[0])}–${f(c.ci95[1])}]` : '';
  return `${f(c.ratio)}×${ci} ${c.verdict ?? ''}`.trim();
}

/** Measurements of one step before the search gives up on placing its middle release. */
export const MAX_ATTEMPTS = 3;

/**
 * Binary search for the release where a figure changed: versions[0] is the good end, the last the
 * bad end. Each step measures [lo, mid, hi] interleaved and keeps the half whose ends differ:
 * mid significantly unlike lo and equivalent to hi means the change is at or before mid (and the
 * mirror). A middle that differs significantly from both (two changes, or a gradual one) follows
 * the larger difference and says so. Anything less (a comparison that is inconclusive) is
 * measured again with more rounds (`attempt` 1, 2: the measurer doubles them); a step still
 * undecided after MAX_ATTEMPTS stops the search as `inconclusive`, naming the step, rather than
 * guessing. The ends must differ significantly to begin with (else `no-change` when they are
 * equivalent, `inconclusive` when the data cannot tell). The adjacent pair found is reported only
 * if its own comparison is significant.
 * @param {string[]} versions ascending
 * @param {(vs: string[], attempt: number) => Promise<Measured>} measure
 * @param {{log?: (s: string) => void}} [opts]
 * @returns {Promise<Outcome>}
 */
export async function bisectSearch(versions, measure, { log = () => {} } = {}) {
  if (versions.length < 2) throw new Error(`Bisect needs two releases or more, got ${versions.join(', ') || 'none'}`);
  let lo = 0;
  let hi = versions.length - 1;
  /** @type {Step[]} */
  const steps = [];
  let last = null;
  if (hi === 1) last = await measure([versions[0], versions[1]], 0);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const vs = [versions[lo], versions[mid], versions[hi]];
    /** @type {Measured} */
    let m = /** @type {any} */ (null);
    /** @type {{went: 'lower' | 'upper', why: string} | null} */
    let decided = null;
    /** @type {Comparison} */
    let toLo = { significant: false, size: 0 };
    /** @type {Comparison} */
    let toHi = { significant: false, size: 0 };
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !decided; attempt++) {
      if (attempt)
        log(`parity: bisect: step ${steps.length + 1} undecided; measuring ${vs.join(' | ')} again with more rounds`);
      m = await measure(vs, attempt);
      if (!steps.length) {
        // The ends must differ for a search to mean anything.
        const ends = m.compare(vs[0], vs[2]);
        if (!ends.significant) {
          if (attempt < MAX_ATTEMPTS - 1 && !isLike(ends)) continue;
          const status = isLike(ends) ? 'no-change' : 'inconclusive';
          return { status, before: vs[0], after: vs[2], comparison: ends, steps, file: m.file };
        }
      }
      toLo = m.compare(vs[0], vs[1]);
      toHi = m.compare(vs[1], vs[2]);
      if (toLo.significant && isLike(toHi))
        decided = { went: 'lower', why: `${vs[1]} differs from ${vs[0]}, like ${vs[2]}` };
      else if (isLike(toLo) && toHi.significant)
        decided = { went: 'upper', why: `${vs[1]} is like ${vs[0]}, differs from ${vs[2]}` };
      else if (toLo.significant && toHi.significant)
        decided = {
          went: toLo.size >= toHi.size ? 'lower' : 'upper',
          why: `${vs[1]} differs from both ends: followed the larger difference`,
        };
    }
    if (!decided) {
      const why = `${vs[1]} could not be placed after ${MAX_ATTEMPTS} measurements (against ${vs[0]}: ${toLo?.verdict ?? '?'}; against ${vs[2]}: ${toHi?.verdict ?? '?'})`;
      steps.push({ versions: vs, lo: vs[0], mid: vs[1], hi: vs[2], toLo, toHi, went: 'lower', why, file: m.file });
      log(`parity: bisect: ${why}; stopping: inconclusive between ${versions[lo]} and ${versions[hi]}`);
      return {
        status: 'inconclusive',
        before: versions[lo],
        after: versions[hi],
        comparison: m.compare(vs[0], vs[2]),
        steps,
        file: m.file,
      };
    }
    if (decided.went === 'lower') hi = mid;
    else lo = mid;
    steps.push({
      versions: vs,
      lo: vs[0],
      mid: vs[1],
      hi: vs[2],
      toLo,
      toHi,
      went: decided.went,
      why: decided.why,
      file: m.file,
    });
    log(
      `parity: bisect: ${decided.why} (against ${vs[0]}: ${confidence(toLo)}; against ${vs[2]}: ${confidence(toHi)}); now ${versions[lo]} .. ${versions[hi]} (${hi - lo - 1} release(s) between)`,
    );
    last = m;
  }
  const [before, after] = [versions[lo], versions[hi]];
  // The last measurement had both of these in it (they were its ends, or an end and its middle).
  const comparison = /** @type {Measured} */ (last).compare(before, after);
  const status = comparison.significant ? 'found' : steps.length ? 'no-single-step' : 'no-change';
  return { status, before, after, comparison, steps, file: last?.file };
}
