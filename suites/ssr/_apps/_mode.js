// The mode an app was deployed in, as the app itself sees it: NODE_ENV read the way deployed
// apps and their libraries read it (bundlers such as esbuild's define replace the expression at
// build time; node, deno and bun read the environment). Pages state it so the check can reject a
// development build.
/** @returns {string} */
function nodeEnv() {
  try {
    // biome-ignore lint/style/noRestrictedGlobals: an app reads NODE_ENV as every deployed app does; on workerd the bundle replaces it
    return process.env.NODE_ENV ?? 'unset';
  } catch {
    return 'unset';
  }
}

export const MODE = nodeEnv();
