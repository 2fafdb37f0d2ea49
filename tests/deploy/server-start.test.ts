import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR } from '../../deploy/node-version.mjs';

// The production entry checks the Node it runs on and every setting before it loads the site or
// listens: a bad one ends the start with exit code 1 and one JSON line, no stack. It needs the
// build (dist/server/deploy/config.mjs); npm test builds before the unit tests.
const entry = join(import.meta.dirname, '..', '..', 'deploy', 'server.mjs');

function start(env: Record<string, string>, node = process.execPath) {
  const result = spawnSync(node, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      SITE_URL: 'https://parts.example.com/',
      STORE_API_URL: 'http://127.0.0.1:4010/',
      PORT: '4849',
      BASKET_KEY_SECRET: 'start-basket-key-secret-0123456789abcdef',
      ...env,
    },
    encoding: 'utf8',
    timeout: 15000,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

function oneFatalLine(stderr: string): { level: string; msg: string } {
  expect(stderr.split('\n')).toHaveLength(1);
  const line = JSON.parse(stderr) as { level: string; msg: string };
  expect(line.level).toBe('fatal');
  return line;
}

describe('deploy/server.mjs with bad settings', () => {
  it.each([
    [{ STORE_ID: 'foo' }, /^Invalid STORE_ID: .*\(allowed: marine, cycle\)$/],
    [{ PORT: 'abc' }, /^Invalid PORT: /],
    [{ SITE_URL: '' }, /^Invalid SITE_URL: /],
    [{ SITE_URL: 'http://parts.example.com/' }, /^Invalid SITE_URL: must be https in production/],
    [
      { SITE_URL: 'http://localhost:4849/', HOST: '0.0.0.0' },
      /^Invalid HOST: plain http in production listens on loopback only/,
    ],
    [{ UPSTREAM_TIMEOUT_MS: '30000', SHUTDOWN_TIMEOUT_MS: '20000' }, /^Invalid SHUTDOWN_TIMEOUT_MS: /],
    [{ STORE_API_URL: '' }, /^Invalid STORE_API_URL: required in production/],
    [{ STORE_API_URL: 'ftp://x' }, /^Invalid STORE_API_URL: /],
    [{ TRUST_PROXY: 'garbage' }, /^Invalid TRUST_PROXY: not an address or CIDR range: "garbage"/],
    [{ BASKET_KEY_SECRET: '' }, /^Invalid BASKET_KEY_SECRET: /],
    [{ METRICS_PORT: 'x' }, /^Invalid METRICS_PORT: /],
  ])('%o stops the start with one line', (env, message) => {
    const { code, stderr, stdout } = start(env);
    expect(code).toBe(1);
    expect(oneFatalLine(stderr).msg).toMatch(message);
    expect(stdout).toBe('');
  });
});

// The machine's own Node (/usr/bin/node) is older than the one npm scripts run; where it is, it
// shows what an operator with an old Node sees.
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (path) =>
    existsSync(path) &&
    Number(spawnSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) <
      REQUIRED_NODE_MAJOR,
);

describe.runIf(oldNode)(`deploy/server.mjs on a Node older than ${REQUIRED_NODE_MAJOR}`, () => {
  it('stops with one line naming the Node it needs', () => {
    const { code, stderr, stdout } = start({}, oldNode);
    expect(code).toBe(1);
    expect(oneFatalLine(stderr).msg).toMatch(
      new RegExp(`^The parts store needs Node ${REQUIRED_NODE_MAJOR} or newer; this is Node \\d+\\.`),
    );
    expect(stdout).toBe('');
  });
});
