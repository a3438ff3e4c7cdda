// One shared check, run with a time limit: the one rule for pass and fail that the collector,
// each runtime's own test runner and workerd's checks worker share. Imports nothing, so a worker
// with no file system (workerd) embeds it as it is.

/** Run a check with a time limit; resolves to {ok, error}. */
export async function runCheck(check, ms = 15_000) {
  let timer;
  try {
    await Promise.race([
      check.fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Check ${check.name} did not finish within ${ms} ms`)), ms);
      }),
    ]);
    return { ok: true, error: null };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : `thrown: ${String(e)}` };
  } finally {
    clearTimeout(timer);
  }
}
