// Production mode (NODE_ENV=production): the real entry point (server/main.ts, as `npm run serve` runs it) refuses a
// dangerous configuration with one line per problem, and starts with a safe one. The rules
// themselves (server/production.ts) are checked directly below.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataFile } from './data/load';
import { SERVER_DIR } from './here';
import { listeningUrl, runTsx, type TsxProcess } from './testingProcesses';
import { DEV_SECRET_KEY } from './secrets/crypto';
import { productionProblems } from './production';
import { DEMO_DATA } from './testing';

const ROOT = join(SERVER_DIR, '..');
const tmp = mkdtempSync(join(tmpdir(), 'tischlein-prod-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const start = (env: Record<string, string>) => runTsx(['server/main.ts'], env);
const listening = (p: TsxProcess) => listeningUrl(p, 60_000);

/** minimal.json with the given payment methods (and flag) for its one shop */
function dataFile(name: string, config: Record<string, unknown>): string {
  const data = JSON.parse(readFileSync(join(ROOT, 'examples/data/minimal.json'), 'utf8')) as { shops: { config: Record<string, unknown> }[] };
  Object.assign(data.shops[0].config, config);
  const file = join(tmp, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

const SAFE = {
  NODE_ENV: 'production', PORT: '0', DATA_DIR: 'memory', PUBLIC_ORIGIN: 'https://shop.example',
  ORDER_WEBHOOK_SECRET: 'a-long-random-webhook-secret', SMTP_URL: 'smtp://127.0.0.1:9',
};

describe('tsx server/main.ts with NODE_ENV=production', () => {
  it('refuses the demo configuration without settings: exit code 1, one line per problem', async () => {
    const p = start({ NODE_ENV: 'production', PORT: '0', DATA_DIR: 'memory', TISCHLEIN_TEST_CLOCK: '1', TISCHLEIN_DEVICE_WATCH: '0' });
    expect(await p.exit).toBe(1);
    const lines = p.out().trim().split('\n');
    expect(lines[0]).toBe('production mode (NODE_ENV=production) refuses to start:');
    expect(lines).toContain('  - PUBLIC_ORIGIN is not set: links in e-mails and payment return addresses need the public origin (e.g. https://shop.example).');
    expect(lines).toContain("  - shop 'demo': payment method PayPal_Rest needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET (or the shop's data names the simulated provider: simulatedPayments: true).");
    expect(lines).toContain("  - shop 'demo': payment method Stripe_card needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (or the shop's data names the simulated provider: simulatedPayments: true).");
    expect(lines).toContain('  - ORDER_WEBHOOK_SECRET is not set: shop webhooks would be signed with the public development secret.');
    expect(lines).toContain('  - SMTP_URL is not set: no mail transport (the outbox folder and /outbox exist in development only).');
    expect(lines).toContain("  - TISCHLEIN_TEST_CLOCK=1 is for the browser tests only: it lets any request move the server's clock.");
    expect(lines).toContain('  - TISCHLEIN_DEVICE_WATCH=0 is for the browser tests only: a shop without a staff device would keep taking orders nobody sees (switch it off per shop in the staff app instead).');
    expect(p.out()).not.toContain('shop API and widgets');
  }, 60_000);

  it('starts with a safe configuration (a shop naming the simulated provider, secrets, SMTP_URL); /outbox is 404', async () => {
    const data = dataFile('simulated.json', { paymentMethods: ['offline', 'Stripe_card'], simulatedPayments: true });
    const p = start({ ...SAFE, TISCHLEIN_DATA: data, SIMULATED_PAYMENT_SECRET: 'a-long-random-sim-secret' });
    try {
      const url = await listening(p);
      expect(p.out()).toContain('mode: production (NODE_ENV=production), public origin https://shop.example');
      expect(p.out()).not.toContain('example pages:');
      expect((await fetch(`${url}/outbox`)).status).toBe(404);
      expect((await fetch(`${url}/api/shop/imbiss/bootstrap`)).status).toBe(200);
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  }, 90_000);

  it('refuses a shop naming the simulated provider without SIMULATED_PAYMENT_SECRET, and starts with real keys instead', async () => {
    const flagged = dataFile('flagged.json', { paymentMethods: ['offline', 'Stripe_card'], simulatedPayments: true });
    const refused = start({ ...SAFE, TISCHLEIN_DATA: flagged });
    expect(await refused.exit).toBe(1);
    expect(refused.out()).toContain("  - SIMULATED_PAYMENT_SECRET is not set, but shop 'imbiss' names the simulated provider (its webhooks need a secret shared by all server processes).");

    const keyed = dataFile('keyed.json', { paymentMethods: ['offline', 'Stripe_card'] });
    const p = start({ ...SAFE, TISCHLEIN_DATA: keyed, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    try {
      await listening(p);
      expect(p.out()).not.toContain('simulated provider');
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  }, 90_000);
});

describe('tsx server/main.ts in development (no settings)', () => {
  it('starts with the demo data, says which payment methods are simulated, and lists /outbox', async () => {
    const p = start({ PORT: '0', EXAMPLES_PORT: '0', DATA_DIR: 'memory' });
    try {
      const url = await listening(p);
      expect(p.out()).toContain('payments: simulated provider (no money moves) for PayPal_Platform, PayPal_Rest, Stripe_card');
      expect(p.out()).toContain('mode: development, public origin http://localhost:');
      const outbox = await fetch(`${url}/outbox`);
      expect(outbox.status).toBe(200);
      expect(await outbox.text()).toContain('Nur in der Entwicklung');
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  }, 90_000);
});

describe('productionProblems', () => {
  it('no problem with everything set; each missing piece is one line', async () => {
    const data = await loadDataFile(DEMO_DATA);
    const env = {
      PUBLIC_ORIGIN: 'https://shop.example', ORDER_WEBHOOK_SECRET: 's3cret', SMTP_URL: 'smtp://mail.example',
      PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'x', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh',
      AMAZONPAY_PUBLIC_KEY_ID: 'a', AMAZONPAY_PRIVATE_KEY: 'b', AMAZONPAY_STORE_ID: 'c', HEIDELPAY_PRIVATE_KEY: 'd',
    };
    expect(productionProblems(env, data)).toEqual([]);
    expect(productionProblems({ ...env, PUBLIC_ORIGIN: 'https://shop.example/' }, data)).toEqual([
      "PUBLIC_ORIGIN 'https://shop.example/' is not an origin like https://shop.example (no path, no trailing slash).",
    ]);
    expect(productionProblems({ ...env, ORDER_WEBHOOK_SECRET: 'tischlein-dev-webhook-secret' }, data)).toEqual(['ORDER_WEBHOOK_SECRET is the public development secret.']);
    expect(productionProblems({ ...env, PAYPAL_CLIENT_SECRET: '' }, data)).toEqual(
      ['demo', 'demo', 'burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord'].map((id, i) =>
        `shop '${id}': payment method ${i === 1 ? 'PayPal_Platform' : 'PayPal_Rest'} needs PAYPAL_CLIENT_SECRET (or the shop's data names the simulated provider: simulatedPayments: true).`),
    );
    // a shop naming the simulated provider needs no keys, but the simulator's secret
    data.shops.get('demo')!.simulatedPayments = true;
    expect(productionProblems({ ...env, STRIPE_SECRET_KEY: '', SIMULATED_PAYMENT_SECRET: 'sim' }, data)).toEqual([]);
  });

  it('a shop with secrets of its own in the data file needs TISCHLEIN_SECRET_KEY, never the development key', async () => {
    const data = await loadDataFile(DEMO_DATA);
    for (const shop of data.shops.values()) shop.simulatedPayments = true;
    data.settings!.set('demo', { ...data.settings!.get('demo')!, shopId: 'demo', secrets: { webhookSecret: 'demo-own-hook-secret-0001' } });
    const env = { PUBLIC_ORIGIN: 'https://shop.example', ORDER_WEBHOOK_SECRET: 's3cret', SMTP_URL: 'smtp://mail.example', SIMULATED_PAYMENT_SECRET: 'sim' };
    expect(productionProblems(env, data)).toEqual([
      "TISCHLEIN_SECRET_KEY is not set, but shop 'demo' has secrets (they are kept encrypted with it; `openssl rand -base64 32`).",
    ]);
    expect(productionProblems({ ...env, TISCHLEIN_SECRET_KEY: DEV_SECRET_KEY.toString('base64') }, data)).toEqual(['TISCHLEIN_SECRET_KEY is the public development key.']);
    expect(productionProblems({ ...env, TISCHLEIN_SECRET_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=' }, data)).toEqual([]);
  });
});
