// Table service (the table's bill, the waiter's sign-in) under /api/shop/{shopId}:
//   POST|GET|DELETE /dineintable/waiter       waiter sign-in (password → day cookie), status, sign-out
//   GET /dineintable/{table}                  the table's bookings (waiter only)
//   GET /dineintable/{table}/clear            'OK': empties the table history (waiter only)
//   GET /dineintable/qr                       printable QR codes of the shop's tables (waiter only)
// Every waiter call is authorised here: 401 without a valid session, 403 with another shop's.
import { html, htmlText } from '../html';
import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parseTableNumber } from '@shared/table/rules';
import { tableList } from '@shared/table/manage';
import { TABLE_TEXTS } from '@shared/table/texts';
import { clientIp } from '../clientIp';
import { getShop, type ServerContext } from '../context';
import { HttpError, readJson } from '../http';
import { clientKey } from '../limits/counter';
import { clearTable, readTable, tableAnswer } from '../orders/table';
import { guestShopUrl, QR_CSP, qrSheet } from '../table/qr';
import {
  checkWaiter, cookiePath, countLoginAttempt, createWaiterSession, endWaiterSession, loginSucceeded,
  requireWaiter, verifyWaiterPassword, WAITER_COOKIE,
} from '../table/waiter';

/** The key the waiter login is counted under (the client's IPv4 address or IPv6 /64). */
function clientOf(c: Context): string {
  const address = clientIp(c);
  return address === 'unknown' ? address : clientKey(address);
}

function tableParam(c: Context): number {
  const n = parseTableNumber(c.req.param('table'));
  if (n === null) throw new HttpError(400, 'invalid_table', 'table: expected a table number of at least 1');
  return n;
}

export function tableRoutes(ctx: ServerContext, opts: { publicOrigin: string | null }): Hono {
  const app = new Hono();

  app.post('/:shopId/dineintable/waiter', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId'));
    const shopId = shop.config.id;
    const body = await readJson(c);
    const password = body && typeof body === 'object' ? (body as { password?: unknown }).password : undefined;
    if (typeof password !== 'string' || password.length === 0 || password.length > 200) {
      throw new HttpError(400, 'invalid_request', 'password: expected a string of 1-200 characters');
    }
    const hash = shop.settings?.waiterPassword ?? null;
    if (!hash) throw new HttpError(403, 'waiter_disabled', 'Dieser Shop hat keinen Kellner-Modus.');
    const client = clientOf(c);
    // counted before scrypt runs: concurrent guesses are bounded like sequential ones
    await countLoginAttempt(ctx, shopId, client);
    if (!(await verifyWaiterPassword(password, hash))) throw new HttpError(401, 'wrong_password', TABLE_TEXTS.waiterWrong);
    await loginSucceeded(ctx, shopId, client);
    const { token, until } = await createWaiterSession(ctx, shopId);
    setCookie(c, WAITER_COOKIE, token, {
      path: cookiePath(shopId), httpOnly: true, sameSite: 'Strict', expires: until, secure: (opts.publicOrigin ?? '').startsWith('https:'),
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ waiter: true, until: until.toISOString() });
  });

  app.get('/:shopId/dineintable/waiter', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const w = await checkWaiter(ctx, c, shopId);
    c.header('Cache-Control', 'no-store');
    return c.json({ waiter: w.ok, until: w.ok ? w.until.toISOString() : null });
  });

  app.delete('/:shopId/dineintable/waiter', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    await endWaiterSession(ctx, c);
    deleteCookie(c, WAITER_COOKIE, { path: cookiePath(shopId) });
    return c.json({ waiter: false, until: null });
  });

  app.get('/:shopId/dineintable/qr', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId'));
    const shopId = shop.config.id;
    const w = await checkWaiter(ctx, c, shopId);
    const origin = opts.publicOrigin ?? 'http://localhost'; // configured (app.ts), never the request's Host
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', QR_CSP);
    c.header('X-Frame-Options', 'DENY');
    if (!w.ok) {
      return c.html(
        htmlText(html`<!doctype html><html lang="de"><meta charset="utf-8"><title>${TABLE_TEXTS.qrTitle}</title><body><p>${TABLE_TEXTS.waiterExpired}</p><p><a href="${guestShopUrl(origin, shop)}/">${shop.config.restaurantName}</a></p></body></html>`),
        w.status,
      );
    }
    return c.html(await qrSheet(shop, tableList(shop.settings), origin));
  });

  app.get('/:shopId/dineintable/:table', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    await requireWaiter(ctx, c, shopId);
    const table = tableParam(c);
    c.header('Cache-Control', 'no-store');
    return c.json(tableAnswer(await readTable(ctx.db, shopId, table)));
  });

  app.get('/:shopId/dineintable/:table/clear', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    await requireWaiter(ctx, c, shopId);
    const table = tableParam(c);
    await clearTable(ctx.db, shopId, table, ctx.now());
    c.header('Cache-Control', 'no-store');
    return c.text('OK');
  });

  return app;
}
