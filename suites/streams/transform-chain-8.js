// 8 chained identity TransformStreams, each with a JS transform() callback: the per-hop cost
// of a server-rendering pipeline (each hop is a pipe loop plus a callback per chunk).
// Published pattern: multi-transform.js web-8x-pipeThrough (Node 22, 1 KiB, 8 transforms: fast 1,000 vs native 115 MB/s; node:stream pipeline 1,800).
import { transformChainWorkload } from './_streams.js';

export default {
  name: 'transform-chain-8',
  ...transformChainWorkload(8),
};
