// Print one line: the start plus the first write to stdout.
import { printsExactly, scriptCommand } from './_scripts.js';

export default {
  name: 'print',
  unit: 'starts',
  command: scriptCommand('print.mjs'),
  verify: printsExactly('hello from parity'),
};
