/**
 * The Chromium from Debian that journeys, the scale test and the benchmark all drive. The flags
 * keep a headless run quiet and reproducible on a machine without a GPU or a sandbox.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
