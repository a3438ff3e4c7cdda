// 3 chained identity TransformStreams, each with a JS transform() callback: the per-hop cost
// of a server-rendering pipeline (each hop is a pipe loop plus a callback per chunk).
// Published pattern: multi-transform.js web-3x-pipeThrough (Node 22, 1 KiB, 3 transforms: fast 2,900 vs native 300 MB/s; node:stream pipeline 3,300).
import { transformChainWorkload } from './_streams.js';

export default {
  name: 'transform-chain-3',
  ...transformChainWorkload(3),
};
