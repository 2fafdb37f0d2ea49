// V8 flags of a production instance, chosen by measurement under scripts/load-test.mjs (README,
// "Memory"): a small young generation and an old-generation ceiling keep resident memory within
// the instance's 200 MB budget under 50 connections. They cost CPU (a capped heap collects its
// old generation often: the cart renders at about half the rate it does without them).
// deploy/parts-store.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=64'];
