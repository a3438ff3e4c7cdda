// 256 KiB POSTed and streamed straight back: request and response body streaming.
import { expectOk } from './_check.js';
import { echoBody } from './_page.js';

const BODY = echoBody();

export default {
  name: 'echo',
  unit: 'requests',
  server: './_server.js',
  params: { concurrency: [1, 8, 64] },
  quick: { concurrency: [1, 8] },
  request: () => ({
    method: 'POST',
    path: '/echo',
    body: BODY,
    headers: { 'content-type': 'application/octet-stream' },
  }),
  verify(res) {
    expectOk(res, 'echo');
    const b = res.body;
    if (b.byteLength !== BODY.byteLength)
      throw new Error(`echo: ${b.byteLength} bytes back, expected ${BODY.byteLength}`);
    for (let i = 0; i < b.length; i += 4093) {
      if (b[i] !== BODY[i]) throw new Error(`echo: byte ${i} is ${b[i]}, expected ${BODY[i]}`);
    }
    if (b[b.length - 1] !== BODY[BODY.length - 1]) throw new Error('echo: the last byte differs');
  },
};
