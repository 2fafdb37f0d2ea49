// deploy/nginx.conf made runnable on this machine: its own instances, listen port and build folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './servers.mjs';

/**
 * @param {{ listen: number, root: string, upstreams: readonly number[], tagUpstream?: boolean, accessLog?: string }} options
 */
export function renderDeployConfig(options) {
  const source = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const servers = options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;`).join('\n');
  let config = source
    .replace(/^(\s*server 127\.0\.0\.1:\d+[^;]*;\n)+/m, `${servers}\n`)
    .replace(/^\s*listen 80;/m, `    listen 127.0.0.1:${options.listen};`)
    .replace(/^\s*root \S+;/m, `    root ${options.root};`);
  // Tells the test which instance answered, in a header and in an access log.
  if (options.tagUpstream) {
    config = config.replace('location @site {', 'location @site {\n        add_header X-Upstream $upstream_addr always;');
  }
  if (options.accessLog) {
    config = `log_format upstreams '$upstream_addr $status $request_method $request_uri';\n${config}`.replace(
      /^(\s*server_name [^;]*;)/m,
      `$1\n    access_log ${options.accessLog} upstreams;`,
    );
  }
  if (!config.includes(`127.0.0.1:${options.listen}`) || !config.includes(servers)) throw new Error('deploy/nginx.conf changed shape: update scripts/perf/nginx.mjs');
  return config;
}
