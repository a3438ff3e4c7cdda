// The bisect search over releases, independent of how a release is measured: `measure` runs some
// releases interleaved and answers paired comparisons between them. Pure control flow, so the
// search is tested over synthetic figures.
import { EQUIVALENCE_MARGIN } from '../measure/stats/paired.js';

/**
 * @typedef {{significant: boolean, ratio?: number, ci95?: [number, number], verdict?: string, size: number}} Comparison
 *   size: how big the difference is (|log ratio| for figures, subtests that differ for WPT), to
 *   choose a side when the middle release differs from both ends
 * @typedef {{compare: (a: string, b: string) => Comparison, file?: string}} Measured
 * @typedef {{log: number, range: [number, number], fraction: number, of: number | null}} Margin
 *   the equivalence margin of one step: a ratio is "like" when its interval lies inside `range`
 *   (exp(∓log)); `of` is the step's change it was scaled from (the ends' interval bound nearest 1),
 *   null when the floor applied because the ends did not differ
 * @typedef {{versions: string[], lo: string, mid: string, hi: string, toLo: Comparison, toHi: Comparison,
 *   went: 'lower' | 'upper', why: string, margin?: Margin, file?: string}} Step
 * @typedef {{status: 'found' | 'no-change' | 'no-single-step' | 'inconclusive', before: string, after: string,
 *   comparison: Comparison, steps: Step[], file?: string}} Outcome
 */

/**
 * A middle release is "like" an end only when an equivalence test says so: the comparison's
 * whole interval lies inside the margin (without `margin`, the tables' verdict `equivalent`:
 * within ±5% and not significant). A comparator without a paired verdict (WPT statuses, which do
 * not vary between runs; a release that did not run) is like an end when it does not differ.
 * @param {Comparison} c
 * @param {Margin} [margin]
 */
const PAIRED = new Set(['faster', 'slower', 'equivalent', 'inconclusive']);
export function isLike(c, margin) {
  if (!PAIRED.has(c.verdict ?? '')) return !c.significant;
  if (!margin) return c.verdict === 'equivalent';
  const ci = c.ci95;
  return Boolean(ci && ci[0] >= margin.range[0] && ci[1] <= margin.range[1]);
}

/**
 * Share of the step being searched, in log terms, within which a middle release counts as at one
 * end: a 60× step does not need its ends resolved to ±5%, and a middle release within a quarter of
 * the step of one end (and significantly unlike the other) is placed at that end.
 */
export const MARGIN_FRACTION = 0.25;

/** The margin's floor, as a log ratio: the tables' ±5%. */
export const MARGIN_FLOOR = Math.log(1 + EQUIVALENCE_MARGIN);

/**
 * The equivalence margin of a step whose ends compare as `ends`: log margin = max(log 1.05,
 * fraction × |log r|), where r is the bound of the ends' 95% interval nearest 1 (the smallest
 * change the data shows, not the point estimate: a noisy step does not widen its own margin). Ends
 * that do not differ significantly get the floor.
 * @param {Comparison} ends
 * @returns {Margin}
 */
export function stepMargin(ends, fraction = MARGIN_FRACTION) {
  const ci = ends.ci95;
  const near = ends.significant && ci && ci[0] > 0 && Number.isFinite(ci[1]) ? (ci[0] > 1 ? ci[0] : ci[1]) : null;
  const log = Math.max(MARGIN_FLOOR, near === null ? 0 : fraction * Math.abs(Math.log(near)));
  return { log, range: [Math.exp(-log), Math.exp(log)], fraction, of: near };
}

/** A margin as a step line prints it: "margin [0.39–2.58], 0.25 of the step in log (ends ≥ 44.3× apart)". */
export function marginText(m) {
  const f = (x) => (x >= 10 ? x.toPrecision(3) : x.toFixed(2));
  const range = `margin [${f(m.range[0])}–${f(m.range[1])}]`;
  if (m.of === null) return `${range}, the ±5% floor (the ends do not differ)`;
  const apart = `ends ≥ ${f(Math.max(m.of, 1 / m.of))}× apart`;
  return m.log > MARGIN_FLOOR
    ? `${range}, ${m.fraction} of the step in log (${apart})`
    : `${range}, the ±5% floor (${apart})`;
}

/** A comparison with its confidence, for the step's line: "1.10× [1.05–1.16] slower". */
export function confidence(c) {
  if (!Number.isFinite(c.ratio)) return c.verdict ?? (c.significant ? 'differs' : 'same');
  const f = (x) => (Number(x) >= 10 ? Number(x).toPrecision(3) : Number(x).toFixed(2));
  const ci = c.ci95 ? ` [${f(c.ci95[0])}–${f(c.ci95[1])}]` : '';
  return `${f(c.ratio)}×${ci} ${c.verdict ?? ''}`.trim();
}

/**
 * A step's decision with both comparisons' confidence and its margin, as the run logs it and
 * bisect.json renders. A step recorded before margins scaled has none: it used the fixed ±5%
 * (and its `why` may carry the verdicts in brackets, which this replaces).
 * @param {Step} s
 */
export function stepText(s) {
  const why = s.why.replace(/ \(against .*\)$/, '');
  const sides = `against ${s.lo}: ${confidence(s.toLo)}; against ${s.hi}: ${confidence(s.toHi)}`;
  // An outcome (a WPT or Node test file's) has no ratio, so no margin to name.
  if (!PAIRED.has(s.toLo?.verdict ?? '') && !PAIRED.has(s.toHi?.verdict ?? '')) return `${why} (${sides})`;
  const m = s.margin ? marginText(s.margin) : 'margin ±5% (fixed)';
  return `${why} (${sides}; ${m})`;
}

/** Measurements of one step before the search gives up on placing its middle release. */
export const MAX_ATTEMPTS = 3;

/** @type {Comparison} */
const UNDECIDED = { significant: false, size: 0 };

/**
 * @typedef {{decided: {went: 'lower' | 'upper', why: string} | null, toLo: Comparison, toHi: Comparison, margin: Margin}} Placed
 */

/**
 * Where one measurement of [lo, mid, hi] puts the middle. "Like" is an equivalence test within a
 * margin scaled to this step's change, and exclusive: a middle release inside the margin of both
 * ends is not placed (`decided` null).
 * @param {string[]} vs
 * @param {Measured} m
 * @param {number} fraction
 * @returns {Placed}
 */
function placeMiddle(vs, m, fraction) {
  const toLo = m.compare(vs[0], vs[1]);
  const toHi = m.compare(vs[1], vs[2]);
  const margin = stepMargin(m.compare(vs[0], vs[2]), fraction);
  const [likeLo, likeHi] = [isLike(toLo, margin), isLike(toHi, margin)];
  /** @type {Placed['decided']} */
  let decided = null;
  if (toLo.significant && likeHi && !likeLo)
    decided = { went: 'lower', why: `${vs[1]} differs from ${vs[0]}, like ${vs[2]}` };
  else if (likeLo && toHi.significant && !likeHi)
    decided = { went: 'upper', why: `${vs[1]} is like ${vs[0]}, differs from ${vs[2]}` };
  else if (toLo.significant && toHi.significant && !likeLo && !likeHi)
    decided = {
      went: toLo.size >= toHi.size ? 'lower' : 'upper',
      why: `${vs[1]} differs from both ends: followed the larger difference`,
    };
  return { decided, toLo, toHi, margin };
}

/**
 * Binary search for the release where a figure changed: versions[0] is the good end, the last the
 * bad end. Each step measures [lo, mid, hi] interleaved and keeps the half whose ends differ:
 * mid significantly unlike lo and equivalent to hi means the change is at or before mid (and the
 * mirror). Equivalent is within the step's margin (stepMargin: a share of the change between the
 * step's ends, never under ±5%), recorded in each step and printed in its line. A middle that differs significantly from both (two changes, or a gradual one) follows
 * the larger difference and says so. Anything less (a comparison that is inconclusive) is
 * measured again with more rounds (`attempt` 1, 2: the measurer doubles them); a step still
 * undecided after MAX_ATTEMPTS stops the search as `inconclusive`, naming the step, rather than
 * guessing. The ends must differ significantly to begin with (else `no-change` when they are
 * equivalent, `inconclusive` when the data cannot tell). The adjacent pair found is reported only
 * if its own comparison is significant.
 * @param {string[]} versions ascending
 * @param {(vs: string[], attempt: number) => Promise<Measured>} measure
 * @param {{log?: (s: string) => void, fraction?: number}} [opts] fraction: MARGIN_FRACTION (0 is the
 *   fixed ±5% margin)
 * @returns {Promise<Outcome>}
 */
export async function bisectSearch(versions, measure, { log = () => {}, fraction = MARGIN_FRACTION } = {}) {
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
    /** @type {Placed} */
    let placed = { decided: null, toLo: UNDECIDED, toHi: UNDECIDED, margin: stepMargin(UNDECIDED, fraction) };
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !placed.decided; attempt++) {
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
      placed = placeMiddle(vs, m, fraction);
    }
    const { decided, toLo, toHi, margin } = placed;
    /** @type {(went: 'lower' | 'upper', why: string) => Step} */
    const stepOf = (went, why) => ({
      versions: vs,
      lo: vs[0],
      mid: vs[1],
      hi: vs[2],
      toLo,
      toHi,
      went,
      why,
      margin,
      file: m.file,
    });
    if (!decided) {
      const step = stepOf('lower', `${vs[1]} could not be placed after ${MAX_ATTEMPTS} measurements`);
      steps.push(step);
      log(`parity: bisect: ${stepText(step)}; stopping: inconclusive between ${versions[lo]} and ${versions[hi]}`);
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
    const step = stepOf(decided.went, decided.why);
    steps.push(step);
    log(
      `parity: bisect: ${stepText(step)}; now ${versions[lo]} .. ${versions[hi]} (${hi - lo - 1} release(s) between)`,
    );
    last = m;
  }
  const [before, after] = [versions[lo], versions[hi]];
  // The last measurement had both of these in it (they were its ends, or an end and its middle).
  const comparison = /** @type {Measured} */ (last).compare(before, after);
  const status = comparison.significant ? 'found' : steps.length ? 'no-single-step' : 'no-change';
  return { status, before, after, comparison, steps, file: last?.file };
}
