import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHealth } from '../../deploy/health.mjs';

function probe(handle: ReturnType<typeof createHealth>, url: string) {
  const seen: { handled: boolean; status?: number; headers?: Record<string, unknown>; body?: string } = {
    handled: false,
  };
  const res = {
    writeHead(status: number, headers: Record<string, unknown>) {
      seen.status = status;
      seen.headers = headers;
    },
    end(body: string) {
      seen.body = body;
    },
  } as unknown as ServerResponse;
  seen.handled = handle({ url, method: 'GET' } as IncomingMessage, res);
  return seen;
}

describe('createHealth', () => {
  it('answers liveness with no cookie and no caching', () => {
    const answer = probe(createHealth({ isDraining: () => false }), '/healthz');
    expect(answer).toMatchObject({ handled: true, status: 200, body: 'ok\n' });
    expect(answer.headers).toMatchObject({ 'Cache-Control': 'no-store' });
    expect(answer.headers).not.toHaveProperty('Set-Cookie');
  });

  it('is ready while the instance serves, whatever the store API does, and not while draining', () => {
    let draining = false;
    const health = createHealth({ isDraining: () => draining });
    expect(probe(health, '/readyz')).toMatchObject({ status: 200, body: 'ready\n' });
    draining = true;
    expect(probe(health, '/readyz?probe=2')).toMatchObject({ status: 503, body: 'draining\n' });
    expect(probe(health, '/healthz')).toMatchObject({ status: 200 });
  });

  it('leaves every other path to the site', () => {
    const health = createHealth({ isDraining: () => false });
    expect(probe(health, '/healthz/extra').handled).toBe(false);
    expect(probe(health, '/').handled).toBe(false);
  });
});
