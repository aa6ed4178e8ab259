import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/support/server';

// Ports of their own, so a running `npm start` does not get in the way (E2E_PORT moves both:
// the shop on E2E_PORT, the example pages on E2E_PORT + 1).
const PORT = Number(process.env.E2E_PORT ?? 18080);
export const SHOP = `http://localhost:${PORT}`;
export const PAGES = `http://localhost:${PORT + 1}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: SHOP,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'tsx server/main.ts',
    url: `${SHOP}/api/shop/demo/bootstrap`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      EXAMPLES_PORT: String(PORT + 1),
      DATA_DIR: 'memory',
      // `npm run test:lean` serves the lean build (dist-lean/)
      TISCHLEIN_DIST: process.env.TISCHLEIN_DIST ?? 'dist',
      TISCHLEIN_ALLOWED_ORIGINS: `${PAGES},http://127.0.0.1:${PORT + 1}`,
    },
  },
});
