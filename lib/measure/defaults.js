// Measurement defaults per mode, defined once: the planner hands them to every job, and the
// in-job harness falls back to the full mode's values for a job spec that omits one.

/** QUICK trades precision for a run that fits in CI. */
export const MODES = {
  full: { rounds: 5, min_ms: 500, warmup_ms: 300, min_samples: 12, timeout_s: 120 },
  quick: { rounds: 4, min_ms: 80, warmup_ms: 120, min_samples: 5, timeout_s: 60 },
};
