// npm run screenshots: PNGs of every page in its main states at 390 and 1366 px, in English and
// Spanish, for people to look at (e2e/screenshots/gallery.shots.ts names the states). Builds the
// site when dist/ is missing, then runs the journeys' servers through
// playwright.screenshots.config.ts. The PNGs go to screenshots/ (ignored by git).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const root = process.cwd();
const out = join(root, 'screenshots');

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (!existsSync(join(root, 'dist', 'server', 'entry.mjs'))) {
  console.log('▶ astro build (dist/ is missing)');
  if (run('npx', ['astro', 'build']) !== 0) process.exit(1);
}

// A fresh gallery: no picture of a state that no longer exists. With arguments (`-- --grep cart`)
// only some states are taken again and the others stay.
const extra = process.argv.slice(2);
if (extra.length === 0) rmSync(out, { recursive: true, force: true });
const started = Date.now();
const status = run('npx', ['playwright', 'test', '-c', 'playwright.screenshots.config.ts', ...extra]);

const pictures = (dir) =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? pictures(path) : name.endsWith('.png') ? [path] : [];
      })
    : [];
const written = pictures(out);
const folders = [...new Set(written.map((file) => relative(root, join(file, '..'))))].sort();
console.log(`\n${written.length} screenshots in ${Math.round((Date.now() - started) / 1000)} s, written to ${out}/`);
for (const folder of folders) console.log(`  ${folder}/`);
process.exit(status);
