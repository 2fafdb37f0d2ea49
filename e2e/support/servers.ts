import { spawn, type ChildProcess } from 'node:child_process';
import { E2E_BASKET_KEY_SECRET } from './sites';

/**
 * A store API and a site started by a journey itself, for what Playwright's shared servers must
 * not go through: being killed and started again. Only the processes started here are stopped.
 */
export interface OwnServer {
  url: string;
  stop: () => Promise<void>;
}

const READY_TIMEOUT_MS = 60000;

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: not answering after ${READY_TIMEOUT_MS} ms`);
}

async function start(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  url: string,
  output?: string[],
): Promise<OwnServer> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', output ? 'pipe' : 'ignore', output ? 'pipe' : 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output?.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output?.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilAnswering(readyUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    // SIGKILL: the process gets no chance to tidy up, as in a crash.
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export function startStoreApi(port: number, dbPath: string, siteOrigins: readonly string[]): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}/`;
  return start(
    ['store-api/main.ts'],
    { STORE_API_MODE: 'test', STORE_API_DB: dbPath, STORE_API_PORT: String(port), SITE_ORIGINS: siteOrigins.join(',') },
    `${url}health`,
    url,
  );
}

export function startSite(
  port: number,
  apiUrl: string,
  upstreamTimeoutMs: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  return start(
    ['dist/server/entry.mjs'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      STORE_API_URL: apiUrl,
      STORE_ID: 'marine',
      PUBLIC_APP_ENV: 'e2e',
      SITE_URL: `${url}/`,
      UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs),
      BASKET_KEY_SECRET: E2E_BASKET_KEY_SECRET,
      ...env,
    },
    `${url}/return-policy/`,
    url,
  );
}

/**
 * The production entry (deploy/server.mjs, as an operator runs it) with extra settings; what it
 * writes on stdout and stderr is collected in `output`.
 */
export function startProductionEntry(
  port: number,
  apiUrl: string,
  env: Record<string, string>,
  output: string[],
): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  return start(
    ['deploy/server.mjs'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      STORE_API_URL: apiUrl,
      STORE_ID: 'marine',
      PUBLIC_APP_ENV: 'production',
      SITE_URL: `${url}/`,
      BASKET_KEY_SECRET: E2E_BASKET_KEY_SECRET,
      ...env,
    },
    `${url}/return-policy/`,
    url,
    output,
  );
}
