import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/support/server';

// Ports of their own, so a running `npm start` does not get in the way (E2E_PORT moves both:
// the shop on E2E_PORT, the example pages on E2E_PORT + 1).
const PORT = Number(process.env.E2E_PORT ?? 18080);
export const SHOP = `http://localhost:${PORT}`;
export const PAGES = `http://localhost:${PORT + 1}`;
const EXCLUSIVE = /\/(ops|menu-editor[\w-]*|staff-look|staff-embed)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  // generous: CI has 2 cores for two workers, and the axe runs of the accessibility tests are slow there
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI has 2 cores: two workers against one server. Tests share no server state they depend on
  // (the server keeps no carts or sessions; each test has its own browser context and storage).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // 'exclusive': tests that change what every guest of the demo shop sees (the ops test pauses it
  // for seconds, the menu editor's tests publish new menus, the look test colours it blue, the embed test imports into it). `npm run test:e2e` runs them after the
  // others, alone; `--project=main` leaves them out.
  projects: [
    { name: 'main', testIgnore: EXCLUSIVE },
    { name: 'exclusive', testMatch: EXCLUSIVE },
  ],
  use: {
    baseURL: SHOP,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    // The suite checks what a guest sees once a dialog has opened: with its 0.3 s fade-in running,
    // axe read half-transparent colours (contrast 3.9, under 4.5) and boxes were mid-transform.
    // The widgets honour the setting (shared/ui/styles.ts), so this is a real guest's view too.
    reducedMotion: 'reduce',
    // A failed test leaves its trace (test-results/…/trace.zip: actions, DOM, network, screencast), also of the
    // contexts a test makes itself (groupHelpers' guest(): the runner traces every context made during a test).
    trace: 'retain-on-failure',
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
      // `?at=` moves the server's clock per request (tests/e2e/helpers.ts setClock)
      TISCHLEIN_TEST_CLOCK: '1',
      // the suite outlasts 5 minutes after a test's staff device went away: no shop stops for want of one
      TISCHLEIN_DEVICE_WATCH: '0',
    },
  },
});
