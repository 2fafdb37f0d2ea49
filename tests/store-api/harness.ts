import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createStoreApi, type StoreApiOptions, type StoreApi } from '../../store-api/server.ts';

export interface TestApi {
  url: string;
  api: StoreApi;
  close: () => Promise<void>;
  /** fetch against the API with JSON helpers. */
  call: (
    method: string,
    path: string,
    init?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: unknown; headers: Headers }>;
}

/** Starts the reference store API on a random port over real HTTP. */
export async function startTestApi(options: Partial<StoreApiOptions> = {}): Promise<TestApi> {
  const api = createStoreApi({ dbPath: ':memory:', mode: 'test', ...options });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const call: TestApi['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    const response = await fetch(new URL(path.replace(/^\//, ''), url), {
      method,
      headers,
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers };
  };
  return {
    url,
    api,
    call,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
