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
 * @typedef {{status: 'found' | 'no-change' | 'no-single-step', before: string, after: string,
 *   comparison: Comparison, steps: Step[], file?: string}} Outcome
 */

/**
 * Binary search for the release where a figure changed: versions[0] is the good end, the last the
 * bad end. Each step measures [lo, mid, hi] interleaved and keeps the half whose ends differ:
 * mid unlike lo (and like hi) means the change is at or before mid. A middle that differs from
 * both (two changes, or a gradual one) follows the larger difference; a middle like neither
 * (noise) is measured once more with `attempt` 1 (the measurer adds rounds), then follows the
 * larger difference, and the step says so. Ends that do not differ are measured once more too. The adjacent pair found is reported only if its own comparison is significant.
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
    let m = await measure(vs, 0);
    let retried = false;
    if (!steps.length && !m.compare(vs[0], vs[2]).significant) {
      // The ends must differ for a search to mean anything; before saying they do not, measure more.
      log(`parity: bisect: ${vs[0]} and ${vs[2]} do not differ significantly yet; measuring once more`);
      m = await measure(vs, 1);
      retried = true;
      const ends = m.compare(vs[0], vs[2]);
      if (!ends.significant)
        return { status: 'no-change', before: vs[0], after: vs[2], comparison: ends, steps, file: m.file };
    }
    let toLo = m.compare(vs[0], vs[1]);
    let toHi = m.compare(vs[1], vs[2]);
    let why = '';
    if (!toLo.significant && !toHi.significant && !retried) {
      log(`parity: bisect: ${vs[1]} is not distinguishable from either end; measuring once more`);
      m = await measure(vs, 1);
      toLo = m.compare(vs[0], vs[1]);
      toHi = m.compare(vs[1], vs[2]);
      if (!toLo.significant && !toHi.significant)
        why = 'like neither end after a second run: followed the larger difference';
    }
    /** @type {'lower' | 'upper'} */
    let went;
    if (toLo.significant !== toHi.significant) {
      went = toLo.significant ? 'lower' : 'upper';
      why = toLo.significant
        ? `${vs[1]} differs from ${vs[0]}, like ${vs[2]}`
        : `${vs[1]} is like ${vs[0]}, differs from ${vs[2]}`;
    } else {
      went = toLo.size >= toHi.size ? 'lower' : 'upper';
      why ||= `${vs[1]} differs from both ends: followed the larger difference`;
    }
    if (went === 'lower') hi = mid;
    else lo = mid;
    steps.push({ versions: vs, lo: vs[0], mid: vs[1], hi: vs[2], toLo, toHi, went, why, file: m.file });
    log(`parity: bisect: ${why}; now ${versions[lo]} .. ${versions[hi]} (${hi - lo - 1} release(s) between)`);
    last = m;
  }
  const [before, after] = [versions[lo], versions[hi]];
  // The last measurement had both of these in it (they were its ends, or an end and its middle).
  const comparison = /** @type {Measured} */ (last).compare(before, after);
  const status = comparison.significant ? 'found' : steps.length ? 'no-single-step' : 'no-change';
  return { status, before, after, comparison, steps, file: last?.file };
}
