// The header line of a run made with --calibrate: how many processes were replaced after their
// calibration (lib/run/loop/calibration-check.js counts them into the file's `calibration`).

/**
 * "calibration: 2 of 96 processes replaced after calibration (…)", or null for a run without one.
 * @param {{checked: number, replaced: number, still_off: number} | undefined} c a results file's `calibration`
 */
export function calibrationLine(c) {
  if (!c) return null;
  const again = c.still_off
    ? `; ${c.still_off} replacement${c.still_off === 1 ? ' was' : 's were'} slow again and kept`
    : '';
  return `calibration: ${c.replaced} of ${c.checked} processes replaced after calibration (slower than their runtime's median in the run by more than max(10%, 3 robust SDs))${again}`;
}
