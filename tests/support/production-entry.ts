import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * The production entry (deploy/server.mjs, as an operator runs it) started by a test, against a
 * store API that hangs or one that is down. Needs the build (npm test builds before the tests).
 */

const ENTRY = join(import.meta.dirname, '..', '..', 'deploy', 'server.mjs');

/** A port nothing listens on now: a store API that is down, or one for a server to take. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A store API that takes every call and never answers it; `calls` are the site's calls it took
 * (method and path), without the entry's own health checks of it.
 */
export async function hangingStoreApi(): Promise<{ url: string; calls: () => string[]; close: () => Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer((req) => {
    if (req.url !== '/health') calls.push(`${req.method ?? ''} ${req.url ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    calls: () => [...calls],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface RunningEntry {
  origin: string;
  /** Every JSON line it wrote on stdout and stderr. */
  lines: () => Record<string, unknown>[];
  stop: () => Promise<void>;
}

export async function startProductionEntry(env: Record<string, string>): Promise<RunningEntry> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `${origin}/`,
      BASKET_KEY_SECRET: 'entry-basket-key-secret-0123456789abcdef',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the entry ended with ${child.exitCode}: ${output.join('')}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 30_000) {
      await stop();
      throw new Error(`the entry did not answer within 30 s: ${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lines = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { origin, lines, stop };
}
