// deploy/nginx.conf made runnable on this machine: its own instances, listen address, certificate
// and build folder. The http-to-https server and the IPv6 listeners are left out.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './servers.mjs';

/**
 * @param {{
 *   listen: number,
 *   root: string,
 *   upstreams: readonly number[],
 *   tls?: { certificate: string, key: string },
 *   tagUpstream?: boolean,
 *   accessLog?: string,
 *   errorLog?: string,
 *   rateLimits?: boolean,
 *   cacheDir?: string,
 *   trustedBalancers?: readonly string[],
 * }} options `tls` absent: plain http on the listen port. `rateLimits: false` drops limit_req (for load).
 *   `cacheDir`: the page cache's folder (default: one under the system's temporary folder, shared
 *   by every rendering without one: give a run its own when it reads what the cache answers).
 *   `trustedBalancers`: addresses or ranges of an outer balancer, for both real_ip and the geo block.
 *   `errorLog`: the server's error log, at the shipped level (default: logs/error.log under nginx's
 *   prefix, the file startNginx's error log is in).
 */
export function renderDeployConfig(options) {
  const source = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;`)
    .join('\n');
  const listen = options.tls
    ? `    listen 127.0.0.1:${options.listen} ssl http2;`
    : `    listen 127.0.0.1:${options.listen};`;
  let config = source
    .replace(/^(\s*server 127\.0\.0\.1:\d+[^;]*;\n)+/m, `${servers}\n`)
    .replace(/^# Plain http only sends visitors to https\.\nserver \{\n[\s\S]*?\n\}\n/m, '')
    .replace(/^\s*listen 443 ssl http2 default_server;/m, listen)
    .replace(/^\s*listen \[::\]:443[^;]*;\n/m, '')
    .replace(/^\s*root \S+;/m, `    root ${options.root};`)
    .replace(
      /^proxy_cache_path \S+ /m,
      `proxy_cache_path ${options.cacheDir ?? join(tmpdir(), 'parts-store-nginx-cache')} `,
    )
    .replace(
      /^# set_real_ip_from \S+;\n/m,
      (options.trustedBalancers ?? []).map((address) => `set_real_ip_from ${address};\n`).join(''),
    )
    .replace(/^(\s*)# \S+ 1;\n/m, (_, indent) =>
      (options.trustedBalancers ?? []).map((address) => `${indent}${address} 1;\n`).join(''),
    )
    .replace(
      /^(\s*access_log) \/var\/log\/nginx\/\S+ (parts_store[^;]*);/m,
      options.accessLog ? `$1 ${options.accessLog} $2;` : '$1 off;',
    )
    .replace(/^(\s*error_log) \/var\/log\/nginx\/\S+ (\w+);/gm, `$1 ${options.errorLog ?? 'logs/error.log'} $2;`);
  config = options.tls
    ? config
        .replace(/(ssl_certificate) \S+;/, `$1 ${options.tls.certificate};`)
        .replace(/(ssl_certificate_key) \S+;/, `$1 ${options.tls.key};`)
    : config.replace(/^\s*ssl_\w+ [^;]*;\n/gm, '').replace(/^\s*add_header Strict-Transport-Security .*\n/gm, '');
  if (options.rateLimits === false) config = config.replace(/^\s*limit_req zone=[^;]*;\n/gm, '');
  // Tells the test which instance answered.
  if (options.tagUpstream) {
    config = config.replace(
      'location @site {',
      'location @site {\n        add_header X-Upstream $upstream_addr always;',
    );
  }
  if (
    !config.includes(`127.0.0.1:${options.listen}`) ||
    !config.includes(servers) ||
    /^# set_real_ip_from|^proxy_cache_path \/var\/|^\s*(?:access|error)_log \/var\//m.test(config) ||
    /listen (80|443)\b/.test(config)
  ) {
    throw new Error('deploy/nginx.conf changed shape: update scripts/perf/nginx.mjs');
  }
  return config;
}
