// The example pages server serves the pages and their assets, never examples/data/ (waiter
// password hashes, driver codes, coupons), however the path is spelled.
import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { createExamplesApp } from './examples';
import { SERVER_DIR } from './here';

const app = createExamplesApp({ examplesDir: join(SERVER_DIR, '..', 'examples'), shopOrigin: 'http://localhost:8080', franchiseShop: 'burgerwerk-zentrum' });

describe('example pages server', () => {
  it.each([
    '/data/shops.json', '/data/minimal.json', '/data/', '/data', '/%64ata/shops.json', '/DATA/shops.json', '/data%2fshops.json',
    '/franchise/../data/shops.json', '/./data/shops.json', '/data/shops.json.br', '/package.json',
  ])('%s is not served', async (path) => {
    const r = await app.request(path);
    expect(r.status).toBe(404);
    const body = await r.text();
    expect(body).not.toContain('waiterPassword');
    expect(body).not.toContain('scrypt:');
  });

  it('serves the pages with the shop origin filled in, and their stylesheets', async () => {
    const home = await app.request('/');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('http://localhost:8080');
    expect(html).not.toContain('__SHOP_ORIGIN__');
    expect((await app.request('/homepage.css')).status).toBe(200);
    expect((await app.request('/franchise/brand.css')).status).toBe(200);
    const franchise = await app.request('/franchise/');
    expect(await franchise.text()).not.toContain('__FRANCHISE_SHOP__');
    const noSlash = await app.request('/franchise');
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get('location')).toBe('/franchise/');
  });
});
