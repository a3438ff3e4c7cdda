// An empty script: the runtime's own start and exit, nothing of the user's.
import { printsExactly, scriptCommand } from './_scripts.js';

export default {
  name: 'empty',
  unit: 'starts',
  command: scriptCommand('empty.mjs'),
  heap: true,
  verify: printsExactly(''),
};
