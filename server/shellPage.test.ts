// The shell page's shop name goes in as text: escaped, and a '$' in it is no replacement pattern
// (String.replace reads '$1', '$&' and "$'" in a replacement string).
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShopRecord, ShopRepository } from './shops/repository';
import { createShellPage } from './shellPage';

const TEMPLATE = `<!doctype html><html><head>
    <title>Tischlein</title>
    <!--META-->
  </head><body><div id="splash"><p><span id="splash-name">Dein Restaurant</span> ist gleich da...</p></div><script src="/shell.js"></script></body></html>`;

function shellWith(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-page-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  const shop = { config: { id: 'demo', restaurantName: name, title: '' }, franchiseId: null } as unknown as ShopRecord;
  const shops = {
    getShop: async (id: string) => (id === 'demo' ? shop : null),
    shopByHost: async () => null,
    shopBySlug: async () => null,
    defaultShopId: async () => 'demo',
  } as unknown as ShopRepository;
  return createShellPage(dir, shops, { defaultShop: 'demo', publicHost: 'localhost' });
}

describe('the shell page', () => {
  it("puts a name with '$1', '$&' and \"$'\" in as written, escaped", async () => {
    const page = await shellWith(`Grill $1 & $' <Bar>`)('/', 'localhost');
    expect(page!.html).toContain('<title>Grill $1 &amp; $&#39; &lt;Bar&gt;</title>');
    expect(page!.html).toContain('<span id="splash-name">Grill $1 &amp; $&#39; &lt;Bar&gt;</span> ist gleich da...');
    expect(page!.html).toContain('<meta name="tischlein:name" content="Grill $1 &amp; $&#39; &lt;Bar&gt;" />');
    expect(page!.html.match(/<script src="\/shell.js">/g)).toHaveLength(1);
  });
});
