// The packages' files a production instance reaches, and no others: traced (@vercel/nft) from the
// production entry and the built site, then copied to dist/runtime/node_modules/, which the
// container image carries instead of an install (deploy/Dockerfile). Run after `astro build`
// (`npm run build` does both). The entry's own files (deploy/, dist/server/, dist/client/,
// locales/) are copied by the Dockerfile itself; dist/runtime/traced.json lists every file traced
// so a test can hold the image to it.
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeFileTrace } from '@vercel/nft';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'dist', 'runtime');

/** @param {string} dir @returns {string[]} */
function modulesUnder(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => join(dir, name));
}

const entries = [join(root, 'deploy', 'server.mjs'), ...modulesUnder(join(root, 'dist', 'server'))];
const { fileList } = await nodeFileTrace(entries, {
  base: root,
  // Assets a module names by URL (fonts, pictures) are dist/client's, copied whole.
  analysis: { computeFileReferences: false },
});
const traced = [...fileList].sort();
const packageFiles = traced.filter((file) => file.startsWith('node_modules/'));

rmSync(out, { recursive: true, force: true });
let bytes = 0;
for (const file of packageFiles) {
  const target = join(out, file);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(root, file), target, { dereference: true });
  bytes += statSync(target).size;
}
writeFileSync(join(out, 'traced.json'), `${JSON.stringify(traced, null, 1)}\n`);
const packages = new Set(packageFiles.map((file) => /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]));
console.log(
  `runtime packages: ${packages.size} packages, ${packageFiles.length} files, ${(bytes / 1e6).toFixed(1)} MB in ${relative(root, out)}/node_modules`,
);
