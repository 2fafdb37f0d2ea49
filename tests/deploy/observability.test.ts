import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createLogger, logLevelOf } from '~/lib/server/observability/logger.mjs';
import { metricsPortOf } from '../../deploy/observability.mjs';
import { requestIdFrom } from '~/lib/server/observability/request-id.mjs';

describe('request id', () => {
  it('keeps a plain token sent by nginx or the browser', () => {
    expect(requestIdFrom('0f3c9a1b2d4e5f60718293a4b5c6d7e8')).toBe('0f3c9a1b2d4e5f60718293a4b5c6d7e8');
    expect(requestIdFrom('getBasket-1a2b3c4d')).toBe('getBasket-1a2b3c4d');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('makes a new one for anything that could forge a log line', () => {
    for (const sent of [undefined, null, '', 'a b', 'x\n{"level":"info"}', 'x'.repeat(129), '<script>']) {
      const id = requestIdFrom(sent);
      expect(id, String(sent)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('settings', () => {
  it('reads LOG_LEVEL and refuses an unknown one', () => {
    expect(logLevelOf(undefined)).toBe('info');
    expect(logLevelOf('silent')).toBe('silent');
    expect(() => logLevelOf('loud')).toThrow('Invalid LOG_LEVEL: loud');
  });

  it('reads METRICS_PORT: off when unset', () => {
    expect(metricsPortOf(undefined)).toBeNull();
    expect(metricsPortOf('')).toBeNull();
    expect(metricsPortOf('9464')).toBe(9464);
    expect(() => metricsPortOf('abc')).toThrow('Invalid METRICS_PORT: abc');
    expect(() => metricsPortOf('70000')).toThrow('Invalid METRICS_PORT');
  });
});

describe('log lines', () => {
  it('are JSON and never carry a token, password, card or e-mail passed by mistake', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const logger = createLogger({ level: 'info', destination: sink as unknown as pino.DestinationStream });
    logger.warn(
      {
        call: 'POST v2/auth/login',
        token: 'eyJ.secret',
        password: 'hunter2',
        body: { email: 'a@b.c', card: '4111111111111111' },
      },
      'upstream failed',
    );
    const line = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'warn', msg: 'upstream failed', call: 'POST v2/auth/login' });
    expect(line['instance']).toEqual(expect.any(String));
    const text = lines.join('');
    for (const secret of ['eyJ.secret', 'hunter2', 'a@b.c', '4111111111111111']) expect(text).not.toContain(secret);
  });
});
