// V8 flags of a production instance, chosen with scripts/perf/flags-bench.mjs (docs/DEPLOYMENT.md,
// "Memory"). Under a 128 MB old-generation ceiling V8 grows the heap by only a few MB between full
// collections: with about 30 MB live, the cart paid for one full collection every 40 renders.
// Doubling the heap before the next one (growing factor 2)
// makes them a third as frequent, and 16 MB semi-spaces halve the young collections, while the
// ceiling still holds an instance under 256 MB resident under 50 connections.
// deploy/parts-store@.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=128', '--heap-growing-percent=100'];
