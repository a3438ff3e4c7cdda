// Load the HTTP suite's hono + React app bundled by esbuild into one file (about 1.5 MB,
// suites/startup/_bundle.js) and reach its first line: the app is built and says so.
import { verifyApp, writeBundle } from './_bundle.js';

export default {
  name: 'bundled-app',
  unit: 'starts',
  async command(_params, ctx) {
    const { script, bytes } = await writeBundle(ctx.dir);
    return { script, state: { bytes } };
  },
  heap: true,
  verify: verifyApp,
};
