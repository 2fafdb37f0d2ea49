// npm start: the store as it is deployed, on this machine. Builds when the build is missing or
// older than the sources, then runs the reference store API and the production entry
// (deploy/server.mjs) in production mode. `npm run dev` (`--dev`) runs Astro's development server
// in development mode instead, with /dev/ and the test switches.
// Signals reach both children; when one stops, the other is stopped too, so none is left behind.
// Each child also holds an IPC channel to this process, so even if it is killed outright
// (SIGKILL), the channel closes and the children stop by themselves. And when the process that
// started this one ends (npm, or the shell npm runs the script in, killed by its PID: npm does not
// pass the signal on), this one stops both children too. A port in use stops the start with one line.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
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

/**
 * Whether a port can be listened on: answers the question before two servers start and one of
 * them dies on it with a stack.
 * @param {number} port
 * @param {string} host
 * @returns {Promise<NodeJS.ErrnoException | null>}
 */
function portProblem(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** The parent process and, when npm runs this script through a shell, npm itself (Linux: /proc). */
function supervisors() {
  const pids = [process.ppid];
  if (!process.env.npm_lifecycle_event) return pids;
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const grandparent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (grandparent > 1) pids.push(grandparent);
  } catch {
    // No /proc: the parent alone is watched.
  }
  return pids;
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

const settings = localSiteSettings(process.env);
const storeApiHost = process.env.STORE_API_HOST ?? '127.0.0.1';
for (const [name, port, host, variable] of /** @type {const} */ ([
  ['the store API', settings.env.STORE_API_PORT, storeApiHost, 'STORE_API_PORT'],
  ['the site', settings.env.PORT, settings.env.HOST, 'PORT'],
])) {
  const problem = await portProblem(Number(port), host);
  if (!problem) continue;
  const why = problem.code === 'EADDRINUSE' ? 'is in use' : `cannot be used (${problem.code ?? problem.message})`;
  console.error(`Port ${port} on ${host}, for ${name}, ${why}: stop what runs there or set ${variable}.`);
  process.exit(1);
}
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
const watched = supervisors();
const startedBy = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === startedBy && watched.every(isRunning)) return;
  clearInterval(watch);
  stop();
}, 250);
watch.unref();
for (const child of children) {
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) process.exitCode = code ?? (signal ? 1 : 0);
    if (running.size > 0) stop();
    else process.exit(process.exitCode ?? 0);
  });
}
