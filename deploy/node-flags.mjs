// V8 flags of a production instance, chosen from measured pairs (bench/results.md, "V8 flags"):
// 8 MB semi-spaces keep young-generation collections rare enough that the cart renders near the
// unflagged rate (1 MB cost it about a third), and the 128 MB old-generation ceiling stays far
// above the 30-45 MB in use under 50 connections while holding an instance well within 256 MB.
// deploy/parts-store@.service and deploy/Dockerfile spell out the same flags (a unit test checks).
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=128'];
