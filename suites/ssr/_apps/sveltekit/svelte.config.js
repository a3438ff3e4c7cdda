// SvelteKit's configuration for the SSR suite's app. One source, two deploy targets: the node
// adapter's server (node, deno and bun run it) and the Cloudflare adapter's worker (workerd),
// chosen by PARITY_SVELTE_ADAPTER; the output goes to PARITY_SSR_OUT, outside the source tree
// (lib/run/shapes/server/apps/build.js sets both).
import adapterCloudflare from '@sveltejs/adapter-cloudflare';
import adapterNode from '@sveltejs/adapter-node';

// biome-ignore lint/style/noRestrictedGlobals: build configuration, read by vite on node at build time
const env = process.env;
const out = env.PARITY_SSR_OUT ?? 'build';

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    adapter: env.PARITY_SVELTE_ADAPTER === 'cloudflare' ? adapterCloudflare() : adapterNode({ out: `${out}/build` }),
    outDir: `${out}/.svelte-kit`,
  },
};
