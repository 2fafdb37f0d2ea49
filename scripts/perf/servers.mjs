// Starts and stops the processes the performance scripts measure: the reference store API, site
// instances from dist/, and Debian's nginx with a temporary configuration.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLIENT_DIR = join(ROOT, 'dist', 'client');
export const SERVER_ENTRY = join(ROOT, 'dist', 'server', 'entry.mjs');
export const NGINX = '/usr/sbin/nginx';

// With E2E_PORT_BASE set, checkouts that run side by side keep to their own ports: base+60 to base+99.
/** The basket-key secret the instances of a run share, as one store's instances do. */
const PERF_BASKET_KEY_SECRET = 'perf-basket-key-secret-0123456789abcdef';
const PORT_BASE = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) + 60 : null;
let nextBasePort = PORT_BASE ?? 0;

/** A port nobody listens on right now. */
export async function freePort() {
  if (PORT_BASE !== null) {
    while (nextBasePort < PORT_BASE + 40) {
      const port = nextBasePort;
      nextBasePort += 1;
      if (await isFree(port)) return port;
    }
    throw new Error(`no free port left between ${PORT_BASE} and ${PORT_BASE + 39}`);
  }
  return anyFreePort();
}

function anyFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether a given port can be listened on now. */
export function isFree(port) {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveFree(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/**
 * @param {string} url
 * @param {number} timeoutMs
 */
export async function waitForHttp(url, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Peak resident memory of a process in KB (VmHWM), or null when it has gone. */
export function peakRssKb(pid) {
  try {
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used, in ms (user + system, from /proc): per request it is the cost of a
 * render whatever else the machine runs, where requests a second only say what share it got.
 * @param {number} pid
 */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * A child process that keeps its last output lines for error messages.
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string | undefined>} env
 */
export function startProcess(label, command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {string[]} */
  const output = [];
  const keep = (chunk) => {
    output.push(...String(chunk).split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  let stopped = false;
  return {
    label,
    child,
    output,
    exited,
    get pid() {
      return child.pid ?? 0;
    },
    /** Stops the process and waits for it (SIGKILL after 5 s). */
    async stop(signal = 'SIGTERM') {
      if (stopped || child.exitCode !== null || child.signalCode !== null) return;
      stopped = true;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The reference store API in test mode, on an in-memory database unless `db` names a file.
 * @param {{ port?: number, siteOrigins?: string[], db?: string }} [options]
 */
export async function startStoreApi(options = {}) {
  const port = options.port ?? (await freePort());
  const api = startProcess('store API', process.execPath, ['store-api/main.ts'], {
    STORE_API_MODE: 'test',
    STORE_API_DB: options.db ?? ':memory:',
    STORE_API_PORT: String(port),
    SITE_ORIGINS: (options.siteOrigins ?? []).join(','),
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitOrExplain(api, `${url}health`);
  return { ...api, port, url };
}

/**
 * One site instance from dist/, or of the production entry (deploy/server.mjs, which answers /readyz).
 * @param {{ apiUrl: string, port?: number, entry?: string, nodeArgs?: string[], readyPath?: string, env?: Record<string, string> }} options
 */
export async function startSite(options) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('dist/ is missing: run `npx astro build` first');
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const site = startProcess(
    `site :${port}`,
    process.execPath,
    [...(options.nodeArgs ?? []), options.entry ?? SERVER_ENTRY],
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      STORE_API_URL: options.apiUrl,
      PUBLIC_APP_ENV: 'production',
      NODE_ENV: 'production',
      SITE_URL: `${url}/`,
      // Every instance of one store signs basket keys with the same secret.
      BASKET_KEY_SECRET: PERF_BASKET_KEY_SECRET,
      ASTRO_NODE_LOGGING: 'disabled',
      // Thousands of access lines under load would only push the failures out of the kept output.
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  );
  await waitOrExplain(site, `${url}${options.readyPath ?? '/return-policy/'}`);
  return { ...site, port, url };
}

async function waitOrExplain(processHandle, url) {
  try {
    await Promise.race([
      waitForHttp(url),
      processHandle.exited.then(({ code }) => {
        throw new Error(`exited with code ${code}`);
      }),
    ]);
  } catch (error) {
    await processHandle.stop();
    throw new Error(`${processHandle.label} did not start (${String(error)}):\n${processHandle.output.join('\n')}`);
  }
}

/**
 * A whole nginx configuration around an `http` block, with every path inside `dir`.
 * @param {string} dir
 * @param {string} httpBlock
 */
export function nginxConfig(dir, httpBlock) {
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'logs', 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  client_body_temp_path ${join(dir, 'body')}; proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')}; uwsgi_temp_path ${join(dir, 'uwsgi')}; scgi_temp_path ${join(dir, 'scgi')};`,
    '  access_log off;',
    '  include /etc/nginx/mime.types;',
    httpBlock,
    '}',
  ].join('\n');
}

/** A temporary folder nginx can run in. */
export function nginxDir() {
  const dir = mkdtempSync(join(tmpdir(), 'parts-store-nginx-'));
  mkdirSync(join(dir, 'logs'));
  return dir;
}

/** Checks a configuration with `nginx -t`; returns its output. */
export function testNginxConfig(dir, config) {
  writeFileSync(join(dir, 'nginx.conf'), config);
  const result = spawnSync(
    NGINX,
    ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log')],
    { encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/**
 * Debian's nginx in the foreground with a temporary configuration whose `http` block is given.
 * @param {(paths: { dir: string }) => string} httpBlock
 */
export async function startNginx(httpBlock, readyUrl) {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing (apt-get install -y nginx)`);
  const dir = nginxDir();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, httpBlock({ dir })));
  const nginx = startProcess('nginx', NGINX, [
    '-p',
    dir,
    '-c',
    join(dir, 'nginx.conf'),
    '-e',
    join(dir, 'logs', 'error.log'),
    '-g',
    'daemon off;',
  ]);
  const stop = nginx.stop;
  const handle = {
    ...nginx,
    dir,
    errorLog: () =>
      existsSync(join(dir, 'logs', 'error.log')) ? readFileSync(join(dir, 'logs', 'error.log'), 'utf8') : '',
    async stop() {
      await stop('SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitOrExplain(nginx, readyUrl);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return handle;
}

/** Stops every handle given, ignoring failures, so a script always cleans up. */
export async function stopAll(handles) {
  await Promise.all(handles.filter(Boolean).map((handle) => handle.stop().catch(() => undefined)));
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in `dir`.
 * @param {string} dir
 */
export function selfSignedCertificate(dir) {
  const certificate = join(dir, 'site.pem');
  const key = join(dir, 'site.key');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a certificate: ${result.stderr}`);
  return { certificate, key };
}
