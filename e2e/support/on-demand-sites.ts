import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_SITES, e2eSiteEnv, type E2ESite } from './sites';

/**
 * The sites besides the marine store start when the first journey that names one runs, not for
 * every run: one journey on a warm build starts only the store API, the marine store and what it
 * names. Both workers may ask at once; a lock directory makes one of them the starter. The
 * processes outlive the worker that started them (a failed test restarts its worker) and are
 * stopped by their ids when the run ends.
 */

/** Set by the run's global setup: where the sites' ids, locks and output go. */
const RUN_DIR_VARIABLE = 'E2E_ON_DEMAND_DIR';
const START_TIMEOUT_MS = 60000;
const ON_DEMAND: readonly E2ESite[] = ['cycle', 'blocked', 'production', 'noWallet'];

/** The on-demand sites a journey's source names: `E2E_SITES.cycle`, or `E2E_SITES[store]` for both stores. */
export function sitesNamedIn(source: string): E2ESite[] {
  const named = new Set<E2ESite>();
  for (const match of source.matchAll(/\bE2E_SITES\.(\w+)/g)) {
    const site = ON_DEMAND.find((name) => name === match[1]);
    if (site) named.add(site);
  }
  if (/\bE2E_SITES\[/.test(source)) named.add('cycle');
  return [...named];
}

const readyUrl = (site: E2ESite) => `${E2E_SITES[site]}/return-policy/`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function startDetached(site: E2ESite, dir: string): void {
  const output = openSync(join(dir, `${site}.log`), 'a');
  // Without the test runner's loader, which a site of its own has no use for.
  const { NODE_OPTIONS: _loader, ...env } = process.env;
  const child = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: { ...env, ...e2eSiteEnv(site) },
    detached: true,
    stdio: ['ignore', output, output],
  });
  child.unref();
  writeFileSync(join(dir, `${site}.pid`), String(child.pid));
}

async function ensureSite(site: E2ESite, dir: string): Promise<void> {
  const url = readyUrl(site);
  if (await answers(url)) return;
  try {
    mkdirSync(join(dir, `${site}.lock`));
    startDetached(site, dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // The other worker is starting it.
  }
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let output = '';
  try {
    output = readFileSync(join(dir, `${site}.log`), 'utf8').slice(-2000);
  } catch {
    // Nothing written.
  }
  throw new Error(`the ${site} site did not answer ${url} within ${START_TIMEOUT_MS} ms\n${output}`);
}

const sourceOf = new Map<string, string>();

/** Starts what the journey in `file` names and is not running yet, calling `beforeWaiting` first if it must wait. */
export async function ensureSitesNamedIn(file: string, beforeWaiting: (ms: number) => void): Promise<void> {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) return;
  if (!sourceOf.has(file)) sourceOf.set(file, readFileSync(file, 'utf8'));
  const missing: E2ESite[] = [];
  for (const site of sitesNamedIn(sourceOf.get(file) ?? '')) if (!(await answers(readyUrl(site)))) missing.push(site);
  if (missing.length === 0) return;
  beforeWaiting(START_TIMEOUT_MS);
  await Promise.all(missing.map((site) => ensureSite(site, dir)));
}

/** The run's setup: a folder for the sites' ids, and ports that are free, as Playwright's own servers demand. */
export async function prepareOnDemandSites(dir: string): Promise<void> {
  for (const site of ON_DEMAND)
    if (await answers(readyUrl(site))) throw new Error(`${E2E_SITES[site]} is already in use: stop what runs there`);
  process.env[RUN_DIR_VARIABLE] = dir;
}

/** The run's end: stops the sites this run started, by their ids. */
export async function stopOnDemandSites(dir: string): Promise<void> {
  const ids = readdirSync(dir)
    .filter((name) => name.endsWith('.pid'))
    .map((name) => Number(readFileSync(join(dir, name), 'utf8')));
  const alive = (id: number) => {
    try {
      process.kill(id, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const id of ids) if (alive(id)) process.kill(id, 'SIGTERM');
  const deadline = Date.now() + 10000;
  while (ids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const id of ids) if (alive(id)) process.kill(id, 'SIGKILL');
}
