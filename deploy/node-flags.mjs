// V8 flags of a production instance, chosen with scripts/perf/flags-bench.mjs (docs/DEPLOYMENT.md,
// "Memory"). Under a 128 MB old-generation ceiling V8 grows the heap by only a few MB between full
// collections: with about 30 MB live, the cart paid for one full collection every 40 renders.
// Doubling the heap before the next one (growing factor 2) makes them less than half as frequent.
// 16 MB semi-spaces would halve the young collections too, but took an instance to 281 MB
// resident under 50 connections; with 8 MB ones it peaked at 209-275 MB, as 242 MB without the
// growing factor: resident memory under load varies more than the heap does.
// deploy/parts-store@.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=128', '--heap-growing-percent=100'];
