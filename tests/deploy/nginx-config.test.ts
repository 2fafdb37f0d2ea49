import { existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDeployConfig } from '../../scripts/perf/nginx.mjs';
import { CLIENT_DIR, NGINX, nginxConfig, nginxDir, testNginxConfig } from '../../scripts/perf/servers.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('deploy/nginx.conf', () => {
  it('points at the given instances, port and build folder', () => {
    const config = renderDeployConfig({ listen: 8080, root: '/srv/build/client', upstreams: [5001, 5002] });
    expect(config).toContain('server 127.0.0.1:5001 max_fails=2 fail_timeout=10s;\n    server 127.0.0.1:5002 max_fails=2');
    expect(config).not.toContain('127.0.0.1:4321');
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).toContain('root /srv/build/client;');
    expect(config).toMatch(/keepalive \d+;/);
    expect(config).toContain('immutable');
    expect(config).toMatch(/proxy_read_timeout \d+s;/);
  });

  it.runIf(existsSync(NGINX))('is accepted by nginx -t', () => {
    const dir = nginxDir();
    dirs.push(dir);
    const http = renderDeployConfig({ listen: 8080, root: CLIENT_DIR, upstreams: [5001, 5002] });
    const result = testNginxConfig(dir, nginxConfig(dir, http));
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });
});
