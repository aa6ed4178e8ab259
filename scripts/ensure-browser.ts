// Runs before the browser tests (npm run test:e2e): makes sure a Chromium is there, installing
// one where it can (Debian as root: apt-get install chromium; else: npx playwright install
// chromium). Where it cannot, it stops with one line saying what to install.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from '../tests/support/browser';

function attempt(what: string, command: string): boolean {
  console.log(`[ensure-browser] no Chromium found; trying: ${command}`);
  try {
    execSync(command, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 15 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return findChromium(true) !== null;
  } catch {
    console.log(`[ensure-browser] ${what} did not work`);
    return false;
  }
}

function main(): number {
  const env = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  const found = findChromium(true);
  if (found) {
    console.log(`[ensure-browser] Chromium: ${found.path} (${found.source})`);
    return 0;
  }
  if (env) {
    console.error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH=${env} is no working Chromium: point it at one, or unset it to use /usr/bin/chromium or Playwright's own browser.`);
    return 1;
  }
  const debianRoot = existsSync('/etc/debian_version') && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  const tries: [string, string][] = [];
  if (debianRoot) tries.push(['apt-get', 'apt-get update -qq && apt-get install -y -qq chromium']);
  tries.push(['playwright install', 'npx --no-install playwright install chromium']);
  for (const [what, command] of tries) {
    if (attempt(what, command)) {
      console.log(`[ensure-browser] Chromium: ${findChromium()!.path}`);
      return 0;
    }
  }
  console.error(
    'No Chromium for the browser tests: install one (Debian: `sudo apt-get install chromium`; elsewhere: `npx playwright install --with-deps chromium`) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH.',
  );
  return 1;
}

process.exit(main());
