import { defineConfig } from '@playwright/test';

// Ports of their own, so a running `npm start` does not get in the way.
export const SHOP = process.env.E2E_SHOP_ORIGIN ?? 'http://localhost:18080';
export const PAGES = process.env.E2E_PAGES_ORIGIN ?? 'http://localhost:18081';

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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'tsx server/main.ts',
    url: `${SHOP}/api/shop/demo/bootstrap`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: '18080',
      EXAMPLES_PORT: '18081',
      DATA_DIR: 'memory://',
      TISCHLEIN_ALLOWED_ORIGINS: 'http://localhost:18081,http://127.0.0.1:18081',
    },
  },
});
