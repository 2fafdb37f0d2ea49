// npm start: build when the build is missing or older than the sources, then run the reference
// store API and the site side by side.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../store-api/seed/accounts.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const entry = 'dist/server/entry.mjs';
const sources = ['src', 'locales', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!existsSync(entry) || statSync(entry).mtimeMs < Math.max(...sources.map(newestMtime))) {
  console.log('Building the site…');
  const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const apiPort = process.env.STORE_API_PORT ?? '4010';
const sitePort = process.env.PORT ?? '4321';
const host = process.env.HOST ?? '127.0.0.1';
const env = { ...process.env, STORE_API_PORT: apiPort, STORE_API_URL: process.env.STORE_API_URL ?? `http://127.0.0.1:${apiPort}/` };

const children = [
  spawn(process.execPath, ['store-api/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, [entry], { stdio: 'inherit', env: { NODE_ENV: 'production', ...env, HOST: host, PORT: sitePort } }),
];

console.log(`\nStore front:      http://${host === '0.0.0.0' ? 'localhost' : host}:${sitePort}/`);
console.log(`Store API:        http://127.0.0.1:${apiPort}/`);
console.log('Demo accounts (README.md, "Demo accounts"):');
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.password.padEnd(14)} ${account.role}`);
console.log('');

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
