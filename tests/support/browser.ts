// Which Chromium the browser tests use: PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH if set, else
// Debian's /usr/bin/chromium, else Playwright's own download. scripts/ensure-browser.ts installs
// one when none is there; playwright.config.ts and the scripts use the one found here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function playwrightOwn(): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    return chromium.executablePath();
  } catch {
    return null;
  }
}

/** True when the binary starts (`--version`): a present file with missing libraries is no browser. */
export function runs(path: string): boolean {
  try {
    execFileSync(path, ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

export interface FoundBrowser {
  path: string;
  source: 'env' | 'debian' | 'playwright';
}

/** The first usable Chromium, or null. `check` also starts it once. */
export function findChromium(check = false): FoundBrowser | null {
  const env = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  const candidates: FoundBrowser[] = [];
  if (env) candidates.push({ path: env, source: 'env' });
  else {
    candidates.push({ path: DEBIAN_CHROMIUM, source: 'debian' });
    const own = playwrightOwn();
    if (own) candidates.push({ path: own, source: 'playwright' });
  }
  return candidates.find((c) => existsSync(c.path) && (!check || runs(c.path))) ?? null;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
