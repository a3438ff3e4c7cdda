// A child-process pool host: frames in on stdin, frames out on stdout (./_frame.js). It ends
// when its parent closes stdin, so a pool's children never outlive the job.
import process from 'node:process';
import { encodeFrame, frameReader } from './_frame.js';
import { answer } from './_host.js';

const send = (reply) => {
  const { result, ...rest } = reply;
  const bin = result instanceof ArrayBuffer ? new Uint8Array(result) : null;
  process.stdout.write(encodeFrame(bin ? { ...rest, buffer: true } : reply, bin));
};
process.stdin.on(
  'data',
  frameReader((header, bin) => answer(bin ? { ...header, payload: bin } : header, send)),
);
process.stdin.on('end', () => process.exit(0));
send({ ready: true });
