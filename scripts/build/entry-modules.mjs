// The production entry (deploy/server.mjs) runs only JavaScript: the few modules of the site it
// shares (the settings schema, the trusted proxies' rule) are built, with whatever they
// import from src/, into dist/server/deploy/ once Astro's build is done. Packages stay imports.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Built file under dist/server/deploy/ → the source it is built from. */
export const ENTRY_MODULES = {
  'config.mjs': 'src/config.ts',
  'trusted-proxies.mjs': 'src/trusted-proxies.ts',
};

/** @param {URL} serverDir dist/server/ */
export async function buildEntryModules(serverDir, root = process.cwd()) {
  await Promise.all(
    Object.entries(ENTRY_MODULES).map(([name, source]) =>
      build({
        absWorkingDir: root,
        entryPoints: [source],
        outfile: fileURLToPath(new URL(`deploy/${name}`, serverDir)),
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node24',
        logLevel: 'warning',
      }),
    ),
  );
}

/** @returns {import('astro').AstroIntegration} */
export function entryModules() {
  /** @type {URL} */
  let serverDir;
  return {
    name: 'parts-store:entry-modules',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async () => {
        await buildEntryModules(serverDir, fileURLToPath(new URL('../../', import.meta.url)));
      },
    },
  };
}
