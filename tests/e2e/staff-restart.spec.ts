// A deploy in the middle of service: the server process the kitchen's tablet is connected to stops (SIGTERM,
// server/shutdown.ts) and a new one starts on the same database, behind a balancer that answers 502 while no
// process is up. The tablet's live orders end with the old process, say so, are opened again by the staff app
// after the 502 closed them (remotes/inbox/useLiveOrders.ts), and ring for an order placed at the new process —
// no reload, no new login. Real processes, a real PGlite folder, real server-sent events through a real proxy.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../support/server';
import { signInAsOwner } from './staffHelpers';

// ports of its own beside the suite's server (E2E_PORT, E2E_PORT + 1): the server's two and the balancer's
const PORT = Number(process.env.E2E_PORT ?? 18080) + 40;
const BALANCER = PORT + 2;

/** A balancer in front of the server: passes requests and streams through, 502 while the server is down. */
function startBalancer(): Promise<http.Server> {
  const balancer = http.createServer((req, res) => {
    const upstream = http.request({ host: 'localhost', port: PORT, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => balancer.listen(BALANCER, () => resolve(balancer)));
}

const line = (i: number, dishId: string, sizeId: string | null) => ({
  kind: 'dish', lineId: `l${i}`, dishId, sizeId, memberName: null, amount: 1, price: 1, priceNonDiscounted: 1,
  promotion: null, without: [], tags: [], slotId: null, extras: [],
});

test('the kitchen tablet reconnects to the new server process after a restart and rings for the next order', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tischlein-restart-'));
  const shop = `http://localhost:${BALANCER}`;
  const env = { DATA_DIR: dataDir, PUBLIC_ORIGIN: shop, TISCHLEIN_DEVICE_WATCH: '0', TISCHLEIN_DIST: process.env.TISCHLEIN_DIST ?? 'dist', OUTBOX_DIR: join(dataDir, 'outbox') };
  const balancer = await startBalancer();
  let server: RunningServer | null = await startServer(PORT, PORT + 1, env);
  try {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${shop}/restaurant`);
    const app = page.locator('tischlein-inbox');
    await signInAsOwner(app);
    await expect(app.getByRole('tab', { name: /Neu/ })).toBeVisible();
    await expect(app.getByText('Verbunden')).toBeVisible();

    // the deploy: the old process drains and exits; the tablet's stream gets the balancer's 502
    const closed = page.waitForResponse((r) => r.url().includes('/events') && r.status() === 502);
    await server.stop();
    server = null;
    await closed;
    await expect(app.getByText('Keine Verbindung – verbinde neu …')).toBeVisible();

    // the new process on the same database and address; the tablet comes back by itself
    server = await startServer(PORT, PORT + 1, env);
    await expect(app.getByText('Verbunden')).toBeVisible({ timeout: 60_000 });

    // a guest orders at the new process: it rings on the tablet without a reload
    const name = `Nach dem Neustart ${Date.now()}`;
    const res = await request.post(`${shop}/api/shop/demo/order`, {
      headers: { 'Idempotency-Key': `restart-${Date.now()}` },
      data: {
        formValues: { name, street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig', email: 'gast@example.de', phone: '0341 1', paymentMethod: 'offline', isPickup: false, serveAt: '' },
        orderItems: [line(0, 'pizza-margherita', 'p32'), line(1, 'tiramisu', null)], sessionId: `restart-${Date.now()}`, legalAccepted: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const card = app.locator('article.card', { hasText: name });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(app.getByRole('alert').filter({ hasText: 'Neue Bestellung!' })).toBeVisible();
    await page.screenshot({ path: 'test-results/staff-restart-1024.png' });
  } finally {
    await server?.stop();
    balancer.closeAllConnections();
    await new Promise((r) => balancer.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
