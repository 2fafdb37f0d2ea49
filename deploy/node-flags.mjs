// V8 flags of a production instance, chosen with scripts/perf/flags-bench.mjs (docs/DEPLOYMENT.md,
// "Memory"). Under a small old-generation ceiling V8 grows the heap by only a few MB between full
// collections: with about 30 MB live, the cart paid for one full collection every 40 renders.
// Doubling the heap before the next one (growing factor 2) makes them less than half as frequent.
// A 96 MB ceiling keeps an instance under 256 MB resident under 50 connections (233 MB at the
// highest of three rounds) where 128 MB reached 253-269 MB, for about 10 % more CPU per render.
// deploy/parts-store@.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=96', '--heap-growing-percent=100'];
