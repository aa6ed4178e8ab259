// OPERATOR_TOKEN in production mode (server/production.ts): unset is fine (the operator's calls are off),
// shorter than 32 characters refuses to start with one line; the real entry point passes the token on,
// and /healthz, /readyz answer there.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataFile } from '../data/load';
import { SERVER_DIR } from '../here';
import { productionProblems } from '../production';
import { createTestServer } from '../testing';
import { listeningUrl, runTsx } from '../testingProcesses';

const ROOT = join(SERVER_DIR, '..');
const tmp = mkdtempSync(join(tmpdir(), 'tischlein-operator-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SHORT = 'kurz-und-geraten-1234567890abcd'; // 31 characters
const LONG = 'op-9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b'; // 35 characters
const SHORT_LINE = "OPERATOR_TOKEN is shorter than 32 characters: it guards the operator's calls (/api/operator/…); use a long random one (`openssl rand -base64 32`) or leave it unset (those calls off).";

describe('productionProblems: OPERATOR_TOKEN', () => {
  it('unset: no problem; 31 characters: one line; 32 and more: none', async () => {
    const data = await loadDataFile(join(ROOT, 'examples/data/minimal.json'));
    for (const shop of data.shops.values()) shop.simulatedPayments = true;
    const env = { PUBLIC_ORIGIN: 'https://shop.example', ORDER_WEBHOOK_SECRET: 's3cret', SMTP_URL: 'smtp://mail.example', SIMULATED_PAYMENT_SECRET: 'sim' };
    expect(SHORT).toHaveLength(31);
    expect(productionProblems(env, data)).toEqual([]);
    expect(productionProblems({ ...env, OPERATOR_TOKEN: SHORT }, data)).toEqual([SHORT_LINE]);
    expect(productionProblems({ ...env, OPERATOR_TOKEN: `${SHORT}e` }, data)).toEqual([]);
    expect(productionProblems({ ...env, OPERATOR_TOKEN: LONG }, data)).toEqual([]);
  });

  it('createApp refuses a short token in production mode too (an embedder without main.ts)', async () => {
    await expect(createTestServer({ production: true, publicOrigin: 'https://shop.example', orders: { webhookSecret: 'w' }, testClock: false, operatorToken: SHORT }))
      .rejects.toThrow('production mode needs an OPERATOR_TOKEN of at least 32 characters');
  }, 60_000);
});

describe('tsx server/main.ts with NODE_ENV=production and OPERATOR_TOKEN', () => {
  const data = join(tmp, 'simulated.json');
  const parsed = JSON.parse(readFileSync(join(ROOT, 'examples/data/minimal.json'), 'utf8')) as { shops: { config: Record<string, unknown> }[] };
  Object.assign(parsed.shops[0].config, { paymentMethods: ['offline'] });
  writeFileSync(data, JSON.stringify(parsed));
  const SAFE = {
    NODE_ENV: 'production', PORT: '0', DATA_DIR: 'memory', PUBLIC_ORIGIN: 'https://shop.example', TISCHLEIN_DATA: data,
    ORDER_WEBHOOK_SECRET: 'a-long-random-webhook-secret', SMTP_URL: 'smtp://127.0.0.1:9',
  };

  it('refuses a short token with its line; starts with a long one: /healthz, /readyz and the status with the token', async () => {
    const refused = runTsx(['server/main.ts'], { ...SAFE, OPERATOR_TOKEN: SHORT });
    expect(await refused.exit).toBe(1);
    expect(refused.out()).toContain(`production mode (NODE_ENV=production) refuses to start:\n  - ${SHORT_LINE}`);

    const p = runTsx(['server/main.ts'], { ...SAFE, OPERATOR_TOKEN: LONG });
    try {
      const url = await listeningUrl(p, 60_000);
      expect([(await fetch(`${url}/healthz`)).status, await (await fetch(`${url}/healthz`)).text()]).toEqual([200, 'ok']);
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${url}/api/operator/status`, { headers: { Authorization: `Bearer ${SHORT}` } })).status).toBe(401);
      const status = await fetch(`${url}/api/operator/status`, { headers: { Authorization: `Bearer ${LONG}` } });
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ database: 'pglite', shops: 1, owedMails: { waiting: 0, failed: 0, oldestWaitingSeconds: null, failedRows: [] } });
    } finally {
      p.child.kill('SIGTERM');
    }
    expect(await p.exit).toBe(0);
  }, 120_000);
});
