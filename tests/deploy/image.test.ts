import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The container image without a container engine: the runtime stage of deploy/Dockerfile is read
// line by line, exactly what its COPY lines copy is put into a folder outside the repository (so
// no package can come from the repository's node_modules), and its CMD starts the server there.
// Needs the site built (npm test builds before the unit tests); the packages are traced here, as
// the build stage's `npm run build` does after `astro build`.
const root = join(import.meta.dirname, '..', '..');
const PORT = 4842;
const METRICS_PORT = 4843;
const NOTHING_LISTENS = 'http://127.0.0.1:4844/';

interface Stage {
  from: string;
  lines: string[];
}

/** Instructions per stage, continuation lines joined, comments left out. */
function stagesOf(dockerfile: string): Stage[] {
  const stages: Stage[] = [];
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of lines) {
    if (line.startsWith('FROM ')) stages.push({ from: line, lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** Files and folders a COPY source names: `/app/...` of the build stage, or the context's, `*` allowed in the last part. */
function sourcesOf(source: string, fromBuild: boolean): string[] {
  const path = fromBuild ? posix.relative('/app', source) : source;
  if (!path.includes('*')) return [path];
  const folder = posix.dirname(path);
  const pattern = new RegExp(`^${posix.basename(path).replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
  return readdirSync(join(root, folder))
    .filter((name) => pattern.test(name))
    .map((name) => posix.join(folder, name));
}

/** Copies as Docker's COPY does: a folder's contents into the destination, files into a folder ending in `/`. */
function copy(line: string, into: string): void {
  const words = line.split(/\s+/).slice(1);
  const flags = words.filter((word) => word.startsWith('--'));
  const [destination = '', ...reversed] = words.filter((word) => !word.startsWith('--')).reverse();
  const fromBuild = flags.includes('--from=build');
  expect(flags.filter((flag) => flag !== '--from=build')).toEqual([]);
  const sources = reversed.reverse().flatMap((source) => sourcesOf(source, fromBuild));
  expect(sources.length).toBeGreaterThan(0);
  const target = join(into, destination);
  for (const source of sources) {
    const from = join(root, source);
    expect(existsSync(from), `${source} exists`).toBe(true);
    if (statSync(from).isDirectory()) cpSync(from, target, { recursive: true });
    else if (destination.endsWith('/') || sources.length > 1) {
      mkdirSync(target, { recursive: true });
      cpSync(from, join(target, posix.basename(source)));
    } else {
      mkdirSync(dirname(target), { recursive: true });
      cpSync(from, target);
    }
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile());
}

const runtime = stagesOf(readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8')).at(-1) as Stage;
const image = mkdtempSync(join(tmpdir(), 'parts-store-image-'));
let server: ChildProcess | undefined;
let exited: Promise<number | null> | undefined;
const output: string[] = [];

beforeAll(() => {
  const traced = spawnSync(process.execPath, ['scripts/build/runtime-files.mjs'], { cwd: root, encoding: 'utf8' });
  expect(traced.status, traced.stderr).toBe(0);
  for (const line of runtime.lines.filter((instruction) => instruction.startsWith('COPY '))) copy(line, image);
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await exited;
  rmSync(image, { recursive: true, force: true });
});

describe('the runtime stage of deploy/Dockerfile', () => {
  it('installs nothing and carries no TypeScript source', () => {
    expect(runtime.lines.filter((line) => line.startsWith('RUN '))).toEqual([]);
    expect(filesUnder(image).filter((file) => /\.[cm]?ts$/.test(file))).toEqual([]);
  });

  it('carries every file the production entry and the built site reach', () => {
    const traced = JSON.parse(readFileSync(join(root, 'dist', 'runtime', 'traced.json'), 'utf8')) as string[];
    expect(traced.filter((file) => !existsSync(join(image, file)))).toEqual([]);
    const bytes = filesUnder(image).reduce((sum, file) => sum + statSync(join(image, file)).size, 0);
    console.info(`image file set: ${filesUnder(image).length} files, ${(bytes / 1e6).toFixed(1)} MB`);
    // scripts/build/runtime-files.mjs prints the traced size; far more means a folder came in whole.
    expect(bytes).toBeLessThan(20e6);
  });

  it('starts as its CMD says and serves pages, readiness and metrics with the store API down', async () => {
    const env = Object.fromEntries(
      (runtime.lines.find((line) => line.startsWith('ENV ')) ?? '')
        .slice(4)
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    );
    const cmd = JSON.parse(runtime.lines.find((line) => line.startsWith('CMD '))?.slice(4) ?? '[]') as string[];
    expect(cmd[0]).toBe('node');
    server = spawn(process.execPath, cmd.slice(1), {
      cwd: image,
      env: {
        PATH: process.env.PATH,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        SITE_URL: `http://127.0.0.1:${PORT}/`,
        STORE_API_URL: NOTHING_LISTENS,
        METRICS_PORT: String(METRICS_PORT),
        // Production refuses to start without the secret every instance signs basket keys with.
        BASKET_KEY_SECRET: 'image-basket-key-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const child = server;
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const site = `http://127.0.0.1:${PORT}`;
    await expect
      .poll(
        () =>
          fetch(`${site}/healthz`).then(
            (answer) => answer.status,
            () => child.exitCode ?? 0,
          ),
        {
          timeout: 60_000,
          interval: 250,
        },
      )
      .toBe(200);
    expect((await fetch(`${site}/return-policy/`)).status).toBe(200);
    expect((await fetch(`${site}/readyz`)).status).toBe(200);
    expect((await fetch(`${site}/login/`)).status).toBe(200);
    await expect
      .poll(() => fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`).then((answer) => answer.text()), {
        timeout: 20_000,
      })
      .toMatch(/^store_api_up 0$/m);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output.join('')).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
  }, 120_000);
});
