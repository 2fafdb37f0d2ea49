// npm start: the store as it is deployed, on this machine. Builds when the build is missing or
// older than the sources, then runs the reference store API and the production entry
// (deploy/server.mjs) in production mode. `npm run dev` (`--dev`) runs Astro's development server
// in development mode instead, with /dev/ and the test switches.
// Signals reach both children; when one stops, the other is stopped too, so none is left behind.
// Each child also holds an IPC channel to this process, so even if it is killed outright
// (SIGKILL), the channel closes and the children stop by themselves.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_FLAGS } from '../deploy/node-flags.mjs';
import { DEMO_ACCOUNTS } from '../store-api/seed/accounts.ts';
import { localSiteSettings } from './local-site.mjs';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const dev = process.argv.includes('--dev');
const entry = 'dist/server/entry.mjs';
const sources = ['src', 'locales', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

// The npm start journey runs beside other journeys on the same build, which must not be rebuilt under them.
const mayBuild = process.env.START_WITHOUT_BUILD !== '1';
if (!dev && mayBuild && (!existsSync(entry) || statSync(entry).mtimeMs < Math.max(...sources.map(newestMtime)))) {
  console.log('Building the site…');
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const settings = localSiteSettings(process.env);
const env = {
  ...process.env,
  ...settings.env,
  PUBLIC_APP_ENV: dev ? 'development' : 'production',
  NODE_ENV: dev ? 'development' : 'production',
  // The one instance of this machine signs basket keys with a secret of this run, unless one is
  // given; keys of an earlier run are then ignored and their guests get a fresh basket.
  BASKET_KEY_SECRET: process.env.BASKET_KEY_SECRET ?? randomBytes(32).toString('base64url'),
};
const stdio = /** @type {const} */ (['inherit', 'inherit', 'inherit', 'ipc']);
const site = dev
  ? spawn(
      process.execPath,
      ['node_modules/astro/bin/astro.mjs', 'dev', '--host', settings.env.HOST, '--port', settings.env.PORT],
      { stdio: 'inherit', env },
    )
  : spawn(process.execPath, [...NODE_FLAGS, 'deploy/server.mjs'], { stdio, env });
const children = [spawn(process.execPath, ['store-api/main.ts'], { stdio, env }), site];

console.log(`\nStore front:      ${settings.siteUrl}${dev ? ' (development)' : ''}`);
console.log(`Store API:        ${settings.env.STORE_API_URL}`);
console.log('Demo accounts (README.md, "Demo accounts"):');
for (const account of DEMO_ACCOUNTS)
  console.log(`  ${account.email.padEnd(24)} ${account.password.padEnd(14)} ${account.role}`);
console.log('');

let stopping = false;
const running = new Set(children);
const stop = (signal = 'SIGTERM') => {
  stopping = true;
  for (const child of running) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) process.exitCode = code ?? (signal ? 1 : 0);
    if (running.size > 0) stop();
    else process.exit(process.exitCode ?? 0);
  });
}
