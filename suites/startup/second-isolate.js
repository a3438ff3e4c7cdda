// A second isolate's first response in a process that already serves one (the seed of
// Cloudflare's cold-wake question). No kind can time it apart from the process's start:
// every row is `unsupported` with the reason its kind.json gives (second_isolate_unsupported;
// workerd's was checked with a two-worker config, docs/startup.md).
export default {
  name: 'second-isolate',
  unit: 'starts',
  second_isolate: true,
  command: () => ({}),
  verify() {},
};
