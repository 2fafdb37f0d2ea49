// Makes sure the test tools exist: Debian's Chromium for Playwright and nginx for the deployment
// checks, installed from Debian's packages when we are root.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execSync, spawn } from 'node:child_process';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function ensureBrowser() {
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium from Debian packages…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (existsSync(path)) return path;
  }
  console.error(
    `No Chromium at ${path}. Install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.`,
  );
  process.exit(1);
}

const NGINX = '/usr/sbin/nginx';
// The production topology test makes its TLS certificate with openssl.
const OPENSSL = '/usr/bin/openssl';

/**
 * Installs what is missing and resolves with the browser's path. It runs beside whatever the caller
 * does meanwhile (the download and unpacking wait on the network and the disk, not the processor),
 * so a new machine's install costs the full test run nothing but the static checks' time.
 */
export async function ensureTools() {
  const missing = [
    existsSync(path) ? null : 'chromium',
    existsSync(NGINX) ? null : 'nginx',
    existsSync(OPENSSL) ? null : 'openssl',
  ].filter(Boolean);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (missing.length > 0 && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${missing.join(' and ')} from Debian packages…`);
    const command = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`;
    // Its output goes to a file, printed only when the install fails: it never splits another
    // step's output, and a caller busy in a synchronous step cannot stall it on a full pipe.
    const log = join(mkdtempSync(join(tmpdir(), 'tools-')), 'install.log');
    const fd = openSync(log, 'w');
    const status = await new Promise((resolve) => {
      spawn('sh', ['-c', command], { stdio: ['ignore', fd, fd] }).on('close', resolve);
    });
    closeSync(fd);
    if (status !== 0) console.error(readFileSync(log, 'utf8'));
  }
  if (!existsSync(NGINX)) {
    console.error(`No nginx at ${NGINX}. Install it (Debian: sudo apt-get install -y nginx).`);
    process.exit(1);
  }
  return ensureBrowser();
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureBrowser());
