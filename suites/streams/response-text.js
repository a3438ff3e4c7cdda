// new Response(byteStream).text(): draining a body stream into a string. No socket: the body is
// a pull-based byte stream built in-process.
// Published pattern: response-body.js web-response-text (Node 22, 1 KiB: fast 900 vs native 910 MB/s).
import { CHUNK_SIZES, checkText, checkUnits, makeData, PUBLISHED_MB, sizesWith } from './_data.js';
import { bytePullSource, implReport } from './_streams.js';

export default {
  name: 'response-text',
  unit: 'bytes',
  params: { chunk: CHUNK_SIZES, mb: sizesWith(PUBLISHED_MB.body) },
  quick: { chunk: [1024], mb: [1] },
  requires: ['ReadableStream', 'Response'],
  // WPT folders and checks this workload exercises: its [passed/total] with CONFORMANCE=1.
  conformance: ['readable-byte-streams'],
  setup: ({ chunk, mb }) => ({ data: makeData(chunk, mb), text: '' }),
  async run(state) {
    state.text = await new Response(bytePullSource(state.data.chunks)).text();
    // The data is ASCII, so characters are bytes.
    return state.text.length;
  },
  verify(state, out) {
    checkUnits(out, state.data.total);
    checkText(state.text, state.data);
  },
  report: implReport,
};
