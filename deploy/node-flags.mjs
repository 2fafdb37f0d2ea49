// V8 flags of a production instance, chosen by measurement under scripts/load-test.mjs (README,
// "Memory"): a small young generation keeps resident memory low under many connections at a
// small cost in throughput, and the old generation gets a ceiling below the instance's budget.
// deploy/parts-store.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=96'];
