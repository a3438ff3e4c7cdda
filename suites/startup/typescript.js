// A TypeScript file with type annotations, run unbuilt: node's type stripping (on by default from
// 22.18 and 23.6; older nodes are unsupported, runners/node/kind.json), deno's and bun's transpilers.
import { printsExactly, scriptCommand } from './_scripts.js';

export default {
  name: 'typescript',
  unit: 'starts',
  command: scriptCommand('typed.mts'),
  verify: printsExactly('typed 5 9'),
};
