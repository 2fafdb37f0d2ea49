import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The production entry checks every setting before it loads the site or listens: a bad one ends
// the start with exit code 1 and one line, no stack.
const entry = join(import.meta.dirname, '..', '..', 'deploy', 'server.mjs');

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', SITE_URL: 'https://parts.example.com/', PORT: '5497', ...env },
    encoding: 'utf8',
    timeout: 15000,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe('deploy/server.mjs with bad settings', () => {
  it.each([
    [{ STORE_ID: 'foo' }, /^Invalid STORE_ID: .*\(allowed: marine, cycle\)$/],
    [{ PORT: 'abc' }, /^Invalid PORT: /],
    [{ SITE_URL: '' }, /^Invalid SITE_URL: /],
    [{ SITE_URL: 'http://parts.example.com/' }, /^Invalid SITE_URL: must be https in production/],
    [{ UPSTREAM_TIMEOUT_MS: '30000', SHUTDOWN_TIMEOUT_MS: '20000' }, /^Invalid SHUTDOWN_TIMEOUT_MS: /],
  ])('%o stops the start with one line', (env, message) => {
    const { code, stderr, stdout } = start(env);
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });
});
