// Measurement defaults per mode, defined once: the planner hands them to every job, and the
// in-job harness falls back to the full mode's values for a job spec that omits one.

/**
 * QUICK trades precision for a run that fits in CI. `rounds` is the least every row gets; beyond it
 * each comparison keeps getting rounds until it is decided at a look (lib/measure/stats/stopping.js
 * settled; in the full mode, decided and known to ±`precision`, 95% interval), or the run's
 * `budget_s` is spent, or `max_rounds`. Looks are at `rounds` and its doublings up to
 * `last_look`; a comparison undecided after it runs on to the end. `max_ms` bounds one job's
 * sampling: a job whose single call is long takes fewer samples (never fewer than
 * MIN_LONG_SAMPLES) instead of running `min_samples` calls of seconds each.
 */
export const MODES = {
  // The default mode spends its time on rounds, not on long jobs (a job's own median is far
  // steadier than the round-to-round spread: docs/adaptive.md), keeps a longer warm-up than QUICK,
  // and starts from the same 3 rounds as QUICK, the least for a claim.
  full: {
    rounds: 3,
    max_rounds: 30,
    // Looks at 3, 6, 12 and 24 rounds: every doubling below max_rounds.
    last_look: 24,
    precision: 0.03,
    // The full mode asks for the precision itself: a row stops when each ratio is known to ±3%,
    // not when it is merely decided (QUICK's shortcut, for verdicts within its 85 s).
    stop_when_decided: false,
    budget_s: 1800,
    min_ms: 200,
    max_ms: 1500,
    warmup_ms: 300,
    min_samples: 5,
    timeout_s: 120,
    // HTTP loads (lib/run/shapes/server/job.js): 1 s of warm-up (the JIT's tiers settle before the
    // timed load: docs/http.md), 5 s loads, 5 s open-loop points.
    http: { warmup_ms: 1000, load_ms: 5000, point_ms: 5000 },
    // Processes per start-up job (lib/run/shapes/process/): 100 hold a p90 (10 beyond it).
    starts: 100,
  },
  quick: {
    rounds: 3,
    // Looks at 3 and 6 rounds, half the table's level shared between them. A comparison still
    // undecided after round 6 gets rounds until the budget: the budget, not a round count, ends
    // QUICK. max_rounds is only a safety cap, which a run of several rows meets the budget long
    // before (a look at 12 would seldom come within the budget, and would cost the two looks that
    // matter a third of their level each).
    last_look: 6,
    max_rounds: 30,
    precision: 0.05,
    // A comparison whose 99% interval excludes 1 stops too (lib/measure/stats/stopping.js settled): QUICK is
    // for verdicts, and its budget goes to the comparisons still undecided.
    stop_when_decided: true,
    // The command ends within 90 s for math+json on three runtimes: the last row ends by the
    // budget, the tables follow. A comparison that is decided stops at a look
    // (lib/measure/stats/stopping.js settled) and its runtime leaves the row, so the time goes to the
    // comparisons still undecided.
    budget_s: 85,
    // Fewer samples than full mode: a job's own median is far steadier than the round-to-round
    // spread (docs/adaptive.md), so QUICK's time buys rounds instead.
    min_ms: 50,
    max_ms: 300,
    warmup_ms: 120,
    min_samples: 3,
    timeout_s: 60,
    // Shorter than a tail needs: QUICK's HTTP tables print no tail percentile (MIN_TAIL_WINDOW_MS).
    http: { warmup_ms: 300, load_ms: 1000, point_ms: 500 },
    // Few starts per job: the rounds' spread is the larger one, so QUICK's time buys rounds, not
    // starts (docs/startup.md "QUICK"). Too few for a p90, which QUICK does not print.
    starts: 5,
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

/**
 * A load generator (wrk, oha) using this share of its core or more is marked busy: it ran at most
 * 1/0.6 ≈ 1.7× above the rate it measured, so it may shape what it measures. At
 * GEN_SATURATED (lib/run/shapes/server/generators.js) an open-loop point reports no server figure at all.
 */
export const GEN_BUSY = 0.6;

/**
 * The shortest load window a tail percentile (p99 and beyond) is printed from: a shorter window
 * rarely holds the server's periodic pauses (GC), so its p99 understates the tail (docs/http.md).
 */
export const MIN_TAIL_WINDOW_MS = 5000;
