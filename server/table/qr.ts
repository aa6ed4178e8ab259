// The tables' QR codes: each opens the shop's menu for its table (`/?tisch={n}`). The address
// comes from configuration only (PUBLIC_ORIGIN and the shop's /f= prefix), never
// from the request's Host header: a printed code must not point at whatever host a request named.
import QRCode from 'qrcode';
import type { ShopTable } from '@shared/table/manage';
import { TABLE_TEXTS } from '@shared/table/texts';
import { escapeHtml as esc } from '@shared/widget/html';
import type { ShopRecord } from '../shops/repository';

/** The shop's storefront for guests on the public origin (a franchise branch: its /f= prefix). */
export function guestShopUrl(publicOrigin: string, shop: Pick<ShopRecord, 'config' | 'franchiseId'>): string {
  const origin = new URL(publicOrigin).origin;
  return shop.config.slug && shop.franchiseId ? `${origin}/f=${shop.config.slug}` : origin;
}

/** The sheet and the codes: no script, inline styles only, never framed. */
export const QR_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function tableUrl(shopUrl: string, table: number): string {
  return `${shopUrl}/?tisch=${table}`;
}

export function tableQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}

/** The printable sheet (A4, three codes a row): one card per table with its name and address. */
export async function qrSheet(shop: Pick<ShopRecord, 'config' | 'franchiseId'>, tables: ShopTable[], publicOrigin: string): Promise<string> {
  const shopUrl = guestShopUrl(publicOrigin, shop);
  const cards = await Promise.all(
    tables.map(async (t) => {
      const url = tableUrl(shopUrl, t.number);
      const svg = (await tableQrSvg(url)).replace('<svg ', `<svg role="img" aria-label="${esc(`QR-Code: ${url}`)}" `);
      const numbered = t.name === TABLE_TEXTS.tableHeading(t.number) ? '' : `<p class="number">${esc(TABLE_TEXTS.tableHeading(t.number))}</p>`;
      return `<figure class="card"><figcaption>${esc(t.name)}</figcaption>${numbered}${svg}<p class="url">${esc(url)}</p></figure>`;
    }),
  );
  const name = shop.config.restaurantName;
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(TABLE_TEXTS.qrTitle)} – ${esc(name)}</title>
<style>
@page{size:A4 portrait;margin:12mm}
body{font-family:system-ui,sans-serif;margin:1rem;color:#111}
h1{font-size:1.4rem;margin:0 0 .25rem}
.hint{margin:0 0 1rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(60mm,1fr));gap:6mm}
.card{margin:0;border:1px dashed #999;padding:4mm;text-align:center;break-inside:avoid;page-break-inside:avoid}
.card figcaption{font-size:1.3rem;font-weight:700;margin-bottom:2mm}
.card .number{margin:0 0 2mm}
.card svg{width:100%;max-width:50mm;height:auto;display:block;margin:0 auto}
.url{font-size:.7rem;word-break:break-all;margin:2mm 0 0}
@media print{body{margin:0}.grid{grid-template-columns:repeat(3,1fr)}}
</style></head><body>
<h1>${esc(TABLE_TEXTS.qrTitle)} – ${esc(name)}</h1>
<p class="hint">${esc(TABLE_TEXTS.qrHint)}</p>
<main class="grid">${cards.join('\n')}</main>
</body></html>`;
}
