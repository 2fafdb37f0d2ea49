import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDrain } from '../../deploy/drain.mjs';

const servers: Server[] = [];
const keepAlive = new Agent({ keepAlive: true });
afterEach(() => {
  keepAlive.destroy();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

function get(
  port: number,
  path: string,
  method = 'GET',
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: keepAlive }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server whose /slow answer waits until released, with a drain on it. */
async function drainedServer(options: {
  graceMs: number;
  timeoutMs: number;
  quietMs?: number;
  beforeExit?: () => Promise<void>;
}) {
  const exits: number[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder: { drain?: ReturnType<typeof createDrain> } = {};
  const server = createServer((req, res) => {
    if (holder.drain?.handle(req, res)) return;
    if (req.url === '/slow') void released.then(() => res.end('slow done'));
    else res.end('ok');
  });
  servers.push(server);
  const drain = createDrain(server, { ...options, exit: (code) => exits.push(code) });
  holder.drain = drain;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, drain, port, exits, release };
}

describe('createDrain', () => {
  it('keeps serving during the grace period, closing each connection after its answer', async () => {
    const { drain, port } = await drainedServer({ graceMs: 60_000, timeoutMs: 60_000 });
    expect((await get(port, '/')).connection).toBe('keep-alive');
    drain.start();
    expect(drain.isDraining()).toBe(true);
    const answer = await get(port, '/');
    expect(answer).toMatchObject({ status: 200, body: 'ok', connection: 'close' });
  });

  it('once leaving, closes a GET unanswered for the proxy to retry elsewhere, and still serves other methods', async () => {
    const { drain, port } = await drainedServer({ graceMs: 0, timeoutMs: 60_000, quietMs: 60_000 });
    drain.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(get(port, '/')).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(get(port, '/', 'HEAD')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(await get(port, '/', 'POST')).toMatchObject({ status: 200, body: 'ok', connection: 'close' });
  });

  it('lets a request in flight finish after the grace period, then exits 0', async () => {
    const { drain, port, exits, release, server } = await drainedServer({
      graceMs: 10,
      timeoutMs: 60_000,
      quietMs: 20,
    });
    const slow = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    drain.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.listening).toBe(false);
    expect(exits).toEqual([]);
    release();
    expect((await slow).body).toBe('slow done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exits).toEqual([0]);
  });

  it('exits 1 when requests are still in flight at the deadline', async () => {
    const { drain, port, exits } = await drainedServer({ graceMs: 10, timeoutMs: 100, quietMs: 20 });
    const slow = get(port, '/slow').catch(() => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 50));
    drain.start();
    expect(await slow).toBe('cut');
    expect(exits).toEqual([1]);
  });

  it('hands over what is still queued once the last request is done, and only then exits 0', async () => {
    const handedOver: string[] = [];
    let finishHandOver = () => {};
    const { drain, exits } = await drainedServer({
      graceMs: 0,
      timeoutMs: 60_000,
      quietMs: 20,
      beforeExit: () => {
        handedOver.push('page views');
        return new Promise<void>((resolve) => (finishHandOver = resolve));
      },
    });
    drain.start();
    await expect.poll(() => handedOver).toEqual(['page views']);
    expect(exits).toEqual([]);
    finishHandOver();
    await expect.poll(() => exits).toEqual([0]);
  });
});
