import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '~/config';
import { NODE_FLAGS } from '../../deploy/node-flags.mjs';
import { REQUIRED_NODE_MAJOR } from '../../deploy/node-version.mjs';

// The container and systemd recipes cannot run here; these checks hold them to what the tested
// production entry needs.
const root = join(import.meta.dirname, '..', '..');
const read = (name: string) => readFileSync(join(root, 'deploy', name), 'utf8');
const dockerfile = read('Dockerfile');
const unit = read('parts-store@.service');

describe('deploy/Dockerfile', () => {
  it('builds in a stage of its own and runs the traced packages only, as a user without privileges', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist\/runtime\/node_modules \.\/node_modules$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  });

  it('starts the production entry in exec form with the measured V8 flags', () => {
    expect(dockerfile).toContain(
      `CMD ["node", ${NODE_FLAGS.map((flag) => `"${flag}"`).join(', ')}, "deploy/server.mjs"]`,
    );
  });
});

describe('the Node the site runs on', () => {
  it(`is Node ${REQUIRED_NODE_MAJOR} in package.json, .nvmrc, the image and the unit`, () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${REQUIRED_NODE_MAJOR}\\.`));
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe(String(REQUIRED_NODE_MAJOR));
    const images = dockerfile.match(/^FROM \S+/gm) ?? [];
    expect(images.length).toBeGreaterThan(0);
    for (const from of images) expect(from).toMatch(new RegExp(`^FROM node:${REQUIRED_NODE_MAJOR}-`));
    expect(unit).toMatch(new RegExp(`^# .*Node ${REQUIRED_NODE_MAJOR} at /usr/bin/node`, 'm'));
  });
});

describe('deploy/parts-store@.service', () => {
  it('starts the production entry with the measured V8 flags', () => {
    expect(unit).toContain(`ExecStart=/usr/bin/node ${NODE_FLAGS.join(' ')} deploy/server.mjs`);
  });

  it.runIf(existsSync('/usr/bin/systemd-analyze'))('is a unit systemd accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parts-store-unit-'));
    try {
      const file = join(dir, 'parts-store@4321.service');
      copyFileSync(join(import.meta.dirname, '..', '..', 'deploy', 'parts-store@.service'), file);
      const result = spawnSync('/usr/bin/systemd-analyze', ['verify', file], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('waits for the drain longer than the instance does', () => {
    const config = parseConfig({
      SITE_URL: 'https://parts.example.com/',
      STORE_API_URL: 'http://127.0.0.1:4010/',
      PUBLIC_APP_ENV: 'production',
      BASKET_KEY_SECRET: 'x'.repeat(32),
    });
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(config.SHUTDOWN_GRACE_MS + 5000 + config.SHUTDOWN_TIMEOUT_MS);
  });
});

describe('the rolling deploy of docs/DEPLOYMENT.md', () => {
  const deployment = readFileSync(join(root, 'docs', 'DEPLOYMENT.md'), 'utf8');
  const steps = /^## Rolling deploy\n([\s\S]*?)\n## /m.exec(deployment)?.[1] ?? '';

  it('replaces one instance at a time with the unit the recipe ships, waiting for readiness after each drain', () => {
    expect(steps).toMatch(/one instance at a time/i);
    expect(steps).toMatch(/systemctl restart parts-store@\d+/);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(steps).toContain('SIGTERM');
    expect(steps).toMatch(/readyz.*200/);
    expect(steps).toContain('test:scale');
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object };
    expect(Object.keys(scripts)).toContain('test:scale');
  });
});
