// Measurement defaults per mode, defined once: the planner hands them to every job, and the
// in-job harness falls back to the full mode's values for a job spec that omits one.

/**
 * QUICK trades precision for a run that fits in CI. `rounds` is the least every row gets (3 is the
 * least at which "no significant difference" can be claimed, lib/measure/paired.js); beyond it a
 * row keeps getting rounds until each of its ratios is known to ±`precision` (95% interval), or
 * `max_rounds`, or the run's `budget_s` is spent. `max_ms` bounds one job's sampling: a job whose
 * single call is long takes fewer samples (never fewer than MIN_LONG_SAMPLES) instead of running
 * `min_samples` calls of seconds each.
 */
export const MODES = {
  // The default mode answers each suite within 30 minutes here (docs/adaptive.md "Time, here"): it
  // spends its time on rounds, not on long jobs (a job's own median is far steadier than the
  // round-to-round spread), keeps the longer warm-up (figures still moved between 80 and 120 ms of
  // warm-up on some rows), and starts from the same 3 rounds as QUICK, the least for a claim.
  // Before: 5 rounds, 500 ms and 12 samples per job, 4 s cap: an HTTP round alone took ~18 min.
  full: {
    rounds: 3,
    max_rounds: 30,
    precision: 0.03,
    budget_s: 1800,
    min_ms: 200,
    max_ms: 1500,
    warmup_ms: 300,
    min_samples: 5,
    timeout_s: 120,
  },
  quick: {
    rounds: 3,
    max_rounds: 10,
    precision: 0.05,
    // The command ends within a minute: the last row ends by the budget, the tables follow.
    budget_s: 55,
    // Fewer samples than full mode: a job's own median is far steadier than the round-to-round
    // spread (docs/adaptive.md), so QUICK's time buys rounds instead.
    min_ms: 50,
    max_ms: 300,
    warmup_ms: 120,
    min_samples: 3,
    timeout_s: 60,
  },
};

/** A median of 3 still ignores one wild sample; below that a job's figure is one call's luck. */
export const MIN_LONG_SAMPLES = 3;

/**
 * mitata's sample count for a job whose warm call takes `callNs`: the mode's `min_samples`, unless
 * that many calls would take longer than the job's `max_ms`; then as many as fit, at least
 * MIN_LONG_SAMPLES. The sampling time floor (`min_ms`) is met by those calls whenever they apply.
 * @param {{min_samples?: number, max_ms?: number}} job
 * @param {number} callNs
 * @returns {{min_samples: number}}
 */
export function longCallSampling(job, callNs) {
  const wanted = job.min_samples ?? MODES.full.min_samples;
  const maxMs = job.max_ms ?? MODES.full.max_ms;
  if (!(callNs > 0) || wanted * callNs <= maxMs * 1e6) return { min_samples: wanted };
  return { min_samples: Math.max(MIN_LONG_SAMPLES, Math.floor((maxMs * 1e6) / callNs)) };
}
