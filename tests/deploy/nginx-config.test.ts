import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDeployConfig } from '../../scripts/perf/nginx.mjs';
import {
  CLIENT_DIR,
  NGINX,
  ROOT,
  nginxConfig,
  nginxDir,
  selfSignedCertificate,
  testNginxConfig,
} from '../../scripts/perf/servers.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('deploy/nginx.conf', () => {
  it('points at the given instances, port and build folder', () => {
    const config = renderDeployConfig({ listen: 8080, root: '/srv/build/client', upstreams: [5001, 5002] });
    expect(config).toContain(
      'server 127.0.0.1:5001 max_fails=2 fail_timeout=10s;\n    server 127.0.0.1:5002 max_fails=2',
    );
    expect(config).not.toContain('127.0.0.1:4321');
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).not.toContain('ssl_certificate');
    expect(config).toContain('root /srv/build/client;');
    expect(config).toMatch(/keepalive \d+;/);
    expect(config).toContain('immutable');
    expect(config).toMatch(/proxy_read_timeout \d+s;/);
    // The server's error log where nginx runs here, at the shipped level.
    expect(config).toContain('error_log logs/error.log crit;');
    expect(renderDeployConfig({ listen: 8080, root: '/x', upstreams: [5001], errorLog: '/tmp/e.log' })).toContain(
      'error_log /tmp/e.log crit;',
    );
  });

  it('terminates TLS with HTTP/2, passes the request id and the trusted scheme, limits the proxy and form posts', () => {
    const config = renderDeployConfig({
      listen: 8443,
      root: '/srv/build/client',
      upstreams: [5001],
      tls: { certificate: '/tmp/c.pem', key: '/tmp/k.pem' },
    });
    expect(config).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(config).toContain('ssl_certificate /tmp/c.pem;');
    expect(config).toContain('proxy_set_header X-Request-Id $parts_store_request_id;');
    expect(config).toContain('proxy_set_header X-Forwarded-Proto $parts_store_proto;');
    expect(config).toMatch(/location \/api\/ \{\s+limit_req zone=parts_store_api/);
    expect(config).toMatch(/location \/ \{\s+limit_req zone=parts_store_forms/);
    expect(config).toContain('$upstream_response_time');
    expect(renderDeployConfig({ listen: 8443, root: '/x', upstreams: [5001], rateLimits: false })).not.toMatch(
      /limit_req zone/,
    );
  });

  it('sends HSTS on every answer of the https server, also from locations with headers of their own', () => {
    const shipped = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const https = shipped.slice(shipped.indexOf('listen 443 ssl'));
    const hsts = 'add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;';
    const locationsWithHeaders = https
      .split(/\n\s*location /)
      .slice(1)
      .filter((block) => block.includes('add_header'));
    expect(locationsWithHeaders.length).toBeGreaterThan(0);
    for (const block of locationsWithHeaders) expect(block).toContain(hsts);
    expect(https.split(/\n\s*location /)[0]).toContain(hsts);
    expect(renderDeployConfig({ listen: 8080, root: '/x', upstreams: [5001] })).not.toContain(
      'Strict-Transport-Security',
    );
  });

  it('ships as a drop-in: its own default servers on 80 and 443', () => {
    const shipped = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    expect(shipped).toContain('listen 80 default_server;');
    expect(shipped).toContain('listen 443 ssl http2 default_server;');
    expect(shipped).toContain('rm /etc/nginx/sites-enabled/default');
  });

  it.runIf(existsSync(NGINX))('is accepted by nginx -t', () => {
    const dir = nginxDir();
    dirs.push(dir);
    const http = renderDeployConfig({ listen: 8080, root: CLIENT_DIR, upstreams: [5001, 5002] });
    const result = testNginxConfig(dir, nginxConfig(dir, http));
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
    const https = renderDeployConfig({
      listen: 8443,
      root: CLIENT_DIR,
      upstreams: [5001, 5002],
      tls: selfSignedCertificate(dir),
      accessLog: join(dir, 'logs', 'access.log'),
    });
    const tls = testNginxConfig(dir, nginxConfig(dir, https));
    expect(tls.output).toContain('test is successful');
  });
  // As installed on stock Debian (the file's own header): only the certificate, which the operator
  // supplies, is swapped; cache folder, log and temp folders are the real ones, so root is needed.
  it.runIf(existsSync(NGINX) && process.getuid?.() === 0)("passes nginx -t as shipped, in Debian's layout", () => {
    const dir = nginxDir();
    dirs.push(dir);
    const { certificate, key } = selfSignedCertificate(dir);
    const dropIn = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
      .replace(/^(\s*ssl_certificate) \S+;/m, `$1 ${certificate};`)
      .replace(/^(\s*ssl_certificate_key) \S+;/m, `$1 ${key};`);
    writeFileSync(join(dir, 'parts-store.conf'), dropIn);
    // Debian's /etc/nginx/nginx.conf with conf.d/ holding only this file.
    const main = [
      'user www-data;',
      `pid ${join(dir, 'nginx.pid')};`,
      'include /etc/nginx/modules-enabled/*.conf;',
      'events { worker_connections 768; }',
      `http { include /etc/nginx/mime.types; default_type application/octet-stream; include ${join(dir, 'parts-store.conf')}; }`,
    ].join('\n');
    writeFileSync(join(dir, 'nginx.conf'), main);
    const result = spawnSync(NGINX, ['-t', '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log')], {
      encoding: 'utf8',
    });
    expect(`${result.stdout}${result.stderr}`).toContain('test is successful');
  });
});
