// The menu editor's 'Vorschau' (docs/api.md "Speisekarte"), owner only, logged in:
//   GET …/menu/preview   the shell page in preview mode (shell/preview.tsx): the real menu and cart
//                        widgets with the DRAFT as their shop data, put into the page itself
// The draft leaves the server only here: no public route, no JSON route of its own, no cache (no-store),
// framed by this origin only. Nothing can be ordered from the page (the shell refuses the checkout),
// and an order the page could still send would reach the public order route, which prices every
// order on the published catalog only.
import { Hono } from 'hono';
import type { Bootstrap } from '@shared/domain';
import { deliveryPeriodOf, franchiseFor, getShop, instantFrom, type ServerContext } from '../context';
import { html, htmlText } from '../html';
import { errorBody } from '../http';
import { shellTemplate } from '../shellPage';
import { readDraft } from '../staff/menu';
import { requireOwner, type StaffEnv } from './staffAccess';

/** The preview's page headers: scripts of this origin only, framed by this origin only, never stored. */
export const PREVIEW_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'; frame-src 'none'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** JSON inside a <script> element: '<' escaped, so no text of the draft can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The shell page (dist/index.html) with the shop's meta and the draft's shop data in it. */
export function previewPage(template: string, state: Bootstrap): string {
  const name = state.config.restaurantName;
  const meta = htmlText(
    html`<meta name="tischlein:shop" content="${state.config.id}" />\n    <meta name="tischlein:name" content="${name}" />\n    <meta name="robots" content="noindex" />`,
  );
  const data = `<script type="application/json" id="tl-preview-state">${scriptJson(state)}</script>`;
  return template
    .replace('<!--META-->', () => meta)
    .replace('<title>Tischlein</title>', () => htmlText(html`<title>Vorschau: ${name}</title>`))
    .replace(/(<span id="splash-name">)[^<]*(<\/span>)/, (_m, open: string, close: string) => `${open}${htmlText(html`${name}`)}${close}`)
    .replace('<div id="app"></div>', () => `<div id="app"></div>\n    ${data}`);
}

export function menuPreviewRoutes(ctx: ServerContext, opts: { distDir?: string | null }): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();
  const template = opts.distDir ? shellTemplate(opts.distDir) : async () => null;

  app.get('/:shopId/menu/preview', async (c) => {
    requireOwner(c);
    const shopId = c.get('shopId');
    const page = await template();
    if (page === null) return c.json(errorBody('preview_unavailable', 'Die Vorschau ist gerade nicht verfügbar: Die Oberfläche des Shops ist auf diesem Server nicht gebaut.'), 503, { 'Cache-Control': 'no-store' });
    const shop = await getShop(ctx, shopId);
    const draft = await readDraft(ctx.db, shopId);
    const { instant, realtime } = instantFrom(ctx, c.req.query('at'));
    // no catalogVersion: the draft has none, and a page without one never swaps in the published menu
    const state: Bootstrap = {
      config: shop.config,
      catalog: draft.catalog,
      deliveryPeriod: deliveryPeriodOf(shop.config, instant, realtime),
      franchise: await franchiseFor(ctx, shop.config, instant),
    };
    return c.body(previewPage(page, state), 200, PREVIEW_HEADERS);
  });

  return app;
}
