import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOriginRefusalLog, mismatchCause, originMismatch } from '../../deploy/origin-refusal.mjs';
import { trustedProxies } from '~/trusted-proxies';
import { freePort, startProductionEntry, type RunningEntry } from '../support/production-entry';

const requestFrom = (remoteAddress: string, method: string, headers: Record<string, string>) =>
  ({ method, socket: { remoteAddress }, headers: { ...headers } }) as unknown as IncomingMessage;
const loopback = trustedProxies(['127.0.0.1']);
const behindTls = { host: 'parts.example.com', origin: 'https://parts.example.com', 'x-forwarded-proto': 'https' };

describe('originMismatch', () => {
  it('names the forwarded scheme a peer outside TRUST_PROXY sent, and the peer', () => {
    const mismatch = originMismatch(requestFrom('10.0.0.5', 'POST', behindTls), loopback);
    expect(mismatch).toEqual({
      origin: 'https://parts.example.com',
      siteOrigin: 'http://parts.example.com',
      peer: '10.0.0.5',
      forwardedProto: 'https',
      proxyTrusted: false,
    });
    expect(mismatchCause(mismatch!)).toBe(
      'X-Forwarded-Proto https ignored: peer 10.0.0.5 is not in TRUST_PROXY, so Origin https://parts.example.com does not match http://parts.example.com',
    );
  });

  it('is null when the origins agree, for safe methods, and without Origin', () => {
    expect(originMismatch(requestFrom('127.0.0.1', 'POST', behindTls), loopback)).toBeNull();
    expect(originMismatch(requestFrom('10.0.0.5', 'GET', behindTls), loopback)).toBeNull();
    expect(originMismatch(requestFrom('10.0.0.5', 'POST', { host: 'parts.example.com' }), loopback)).toBeNull();
  });

  it('names a foreign origin as such', () => {
    const mismatch = originMismatch(
      requestFrom('127.0.0.1', 'POST', { ...behindTls, origin: 'https://evil.example' }),
      loopback,
    );
    expect(mismatchCause(mismatch!)).toBe(
      'Origin https://evil.example does not match https://parts.example.com (peer 127.0.0.1)',
    );
  });
});

describe('the refusal log', () => {
  it('writes one warning per interval and then says how many it left out', () => {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    let now = 0;
    const log = createOriginRefusalLog(
      { warn: (fields, message) => lines.push({ fields: fields as Record<string, unknown>, message }) },
      { intervalMs: 60_000, now: () => now },
    );
    const mismatch = originMismatch(requestFrom('10.0.0.5', 'POST', behindTls), loopback)!;
    for (let index = 0; index < 50; index++) log(mismatch);
    expect(lines).toHaveLength(1);
    now = 60_000;
    log(mismatch);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.fields).toMatchObject({ peer: '10.0.0.5', forwardedProto: 'https', leftOut: 49 });
  });
});

describe('deploy/server.mjs behind a proxy missing from TRUST_PROXY', () => {
  let entry: RunningEntry;
  beforeAll(async () => {
    entry = await startProductionEntry({
      STORE_API_URL: `http://127.0.0.1:${await freePort()}/`,
      TRUST_PROXY: '10.9.9.9',
    });
  });
  afterAll(() => entry.stop());

  it('refuses its posts with 403 and logs one warning line naming the cause and the peer, no stack', async () => {
    const host = new URL(entry.origin).host;
    for (let index = 0; index < 3; index++) {
      const answer = await fetch(`${entry.origin}/login/?_action=session.login`, {
        method: 'POST',
        headers: {
          origin: `https://${host}`,
          'x-forwarded-proto': 'https',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'username=a%40b.c&password=secret1',
      });
      expect(answer.status).toBe(403);
    }
    await expect.poll(() => entry.lines().filter((line) => /cross-site/.test(String(line['msg'])))).toHaveLength(1);
    const line = entry.lines().find((candidate) => /cross-site/.test(String(candidate['msg'])))!;
    expect(line['level']).toBe('warn');
    expect(line['msg']).toContain('X-Forwarded-Proto https ignored: peer 127.0.0.1 is not in TRUST_PROXY');
    expect(line).toMatchObject({ peer: '127.0.0.1', origin: `https://${host}`, siteOrigin: `http://${host}` });
    expect(line['err']).toBeUndefined();
  });
});
