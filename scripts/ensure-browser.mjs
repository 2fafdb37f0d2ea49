// Makes sure the test tools exist: Debian's Chromium for Playwright and nginx for the deployment
// checks, installed from Debian's packages when we are root.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

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

export function ensureTools() {
  const missing = [
    existsSync(path) ? null : 'chromium',
    existsSync(NGINX) ? null : 'nginx',
    existsSync(OPENSSL) ? null : 'openssl',
  ].filter(Boolean);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (missing.length > 0 && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing ${missing.join(' and ')} from Debian packages…`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
      stdio: 'inherit',
    });
  }
  if (!existsSync(NGINX)) {
    console.error(`No nginx at ${NGINX}. Install it (Debian: sudo apt-get install -y nginx).`);
    process.exit(1);
  }
  return ensureBrowser();
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureBrowser());
