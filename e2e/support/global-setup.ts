import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareOnDemandSites, stopOnDemandSites } from './on-demand-sites';

/** The run's setup and, as its answer, its teardown: the on-demand sites' folder, and stopping them. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'parts-store-e2e-sites-'));
  await prepareOnDemandSites(dir);
  return async () => {
    await stopOnDemandSites(dir);
    rmSync(dir, { recursive: true, force: true });
  };
}
