// The staff app's 'Tische' (docs/api.md "Staff API: tables"): the waiter's table views with a
// staff login, and the owner's tables and waiter password. Mounted from staff.ts, so every route
// here already has its caller: staff of THIS shop (session cookie or POS key; 401 / 403 otherwise).
//   GET  /api/staff/{shopId}/tables                     the tables, whether a waiter password is set (staff)
//   GET  …/tables/qr, …/tables/{n}/qr.svg               the printable sheet, one table's code (staff)
//   GET  …/tables/{n}/history                           the table's bookings, as GET /dineintable/{n} (staff)
//   POST …/tables/{n}/refunds {itemId, amount}          a waiter refund, booked like the waiter's (staff)
//   POST …/tables/{n}/clear                             empties the table's history (staff)
//   POST …/tables {number?, name}, PUT …/tables/{n} {name}, DELETE …/tables/{n}     (owner)
//   PUT  …/waiter-password {password}, DELETE …/waiter-password                      (owner)
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { REFUND_NOT_POSITIVE, refundAmountProblem, REFUND_TOO_HIGH } from '@shared/checkout';
import { centsToEuro } from '@shared/domain';
import { parseTableNumber, refundable, TABLE_PAY_LATER, tableRefundLine } from '@shared/table/rules';
import { TABLES_TEXTS, tableList, waiterPasswordProblem } from '@shared/table/manage';
import type { ServerContext } from '../context';
import { HttpError } from '../http';
import { placeOrder, type PlaceOptions } from '../orders/place';
import { IDEMPOTENCY_KEY } from '../orders/submission';
import { clearTable, MAX_REFUND_CENTS, placeTableOrder, readTable, tableAnswer } from '../orders/table';
import { createTable, deleteTable, listTables, nameTable, readSettings, setWaiterPassword } from '../table/manage';
import { guestShopUrl, QR_CSP, qrSheet, tableQrSvg, tableUrl } from '../table/qr';
import { getShop } from '../context';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';

const NameField = v.optional(v.pipe(v.string('name: expected a string'), v.maxLength(200, TABLES_TEXTS.nameTooLong)), '');
const AddSchema = v.object({ number: v.optional(v.nullable(v.union([v.number(), v.string()], TABLES_TEXTS.numberInvalid))), name: NameField });
const RenameSchema = v.object({ name: NameField });
const RefundSchema = v.object({
  itemId: v.pipe(v.string('itemId: expected a string'), v.regex(/^[A-Za-z0-9_-]{8,64}\.\d{1,4}$/, 'itemId: expected a booked item of the table')),
  amount: v.pipe(v.number('amount: expected cents'), v.integer('amount: expected whole cents'), v.minValue(1, REFUND_NOT_POSITIVE), v.maxValue(MAX_REFUND_CENTS, REFUND_TOO_HIGH)),
});
const PasswordSchema = v.object({ password: v.string('password: expected a string') });

function tableParam(c: Context): number {
  const n = parseTableNumber(c.req.param('table'));
  if (n === null) throw new HttpError(400, 'invalid_table', TABLES_TEXTS.numberInvalid);
  return n;
}

export function staffTableRoutes(ctx: ServerContext, opts: { publicOrigin: string }): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  app.get('/:shopId/tables', async (c) => c.json(await listTables(ctx.db, c.get('shopId'))));

  app.post('/:shopId/tables', async (c) => {
    requireOwner(c);
    const body = await jsonOf(c, AddSchema);
    return c.json({ table: await createTable(ctx, c.get('shopId'), body.number, body.name) }, 201);
  });

  app.get('/:shopId/tables/qr', async (c) => {
    const shopId = c.get('shopId');
    const shop = await getShop(ctx, shopId);
    const tables = tableList(await readSettings(ctx.db, shopId));
    c.header('Content-Security-Policy', QR_CSP);
    c.header('X-Frame-Options', 'DENY');
    return c.html(await qrSheet(shop, tables, opts.publicOrigin));
  });

  app.put('/:shopId/tables/:table', async (c) => {
    requireOwner(c);
    const n = tableParam(c);
    const { name } = await jsonOf(c, RenameSchema);
    return c.json({ table: await nameTable(ctx, c.get('shopId'), n, name) });
  });

  app.delete('/:shopId/tables/:table', async (c) => {
    requireOwner(c);
    return c.json({ table: await deleteTable(ctx, c.get('shopId'), tableParam(c)) });
  });

  app.get('/:shopId/tables/:table/qr.svg', async (c) => {
    const shopId = c.get('shopId');
    const n = tableParam(c);
    if (!tableList(await readSettings(ctx.db, shopId)).some((t) => t.number === n)) throw new HttpError(404, 'unknown_table', TABLES_TEXTS.unknown(n));
    const svg = await tableQrSvg(tableUrl(guestShopUrl(opts.publicOrigin, await getShop(ctx, shopId)), n));
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Content-Security-Policy': QR_CSP });
  });

  app.get('/:shopId/tables/:table/history', async (c) => c.json(tableAnswer(await readTable(ctx.db, c.get('shopId'), tableParam(c)))));

  app.post('/:shopId/tables/:table/clear', async (c) => {
    const shopId = c.get('shopId');
    const n = tableParam(c);
    await jsonOf(c, v.object({}));
    const cleared = await clearTable(ctx.db, shopId, n, ctx.now());
    return c.json({ cleared, table: tableAnswer(await readTable(ctx.db, shopId, n)) });
  });

  // A refund is booked exactly as the waiter's refund line in the table checkout: a pay-later table
  // order through placeOrder / placeTableOrder (idempotency, the amount checked against what is
  // left under the line's row lock), with the staff login in place of the waiter session.
  app.post('/:shopId/tables/:table/refunds', async (c) => {
    const shopId = c.get('shopId');
    const n = tableParam(c);
    const key = c.req.header('idempotency-key') ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, 'invalid_request', 'Idempotency-Key: expected 8-128 letters, digits or _.:- (one per refund)');
    const body = await jsonOf(c, RefundSchema);
    const item = (await readTable(ctx.db, shopId, n)).groups.flatMap((g) => g.items).find((i) => i.id === body.itemId && i.price > 0);
    if (!item) throw new HttpError(404, 'item_not_found', 'Diesen Artikel gibt es an diesem Tisch nicht.');
    const problem = refundAmountProblem(body.amount, refundable(item));
    if (problem) throw new HttpError(409, 'refund_too_high', problem);
    const submission = {
      formValues: {}, orderItems: [tableRefundLine(item, centsToEuro(body.amount), key)], couponCode: null, sessionId: null, userId: null,
      groupOrderId: null, acceptAdvertising: false, useDishDeposit: false, account: null, createAccount: false, skipGoogleValidation: false,
      selectedFreeItems: [], confirmedTwoForOnePromotions: [], expectedTwoForOnePromotions: [], messageCook: '', paymentMethod: TABLE_PAY_LATER, table: n,
    };
    const placeOpts: PlaceOptions = { idempotencyKey: key };
    placeOpts.tableOrder = (shop, p, k, requestHash) => placeTableOrder(ctx, shop, p, { key: k, requestHash, waiter: true }, placeOpts);
    const r = await placeOrder(ctx, shopId, submission, placeOpts);
    return c.json({ orderId: r.body.order.id, table: tableAnswer(await readTable(ctx.db, shopId, n)) }, r.replayed ? 200 : 201);
  });

  app.put('/:shopId/waiter-password', async (c) => {
    requireOwner(c);
    const { password } = await jsonOf(c, PasswordSchema);
    const problem = waiterPasswordProblem(password);
    if (problem) throw new HttpError(400, 'invalid_password', problem);
    await setWaiterPassword(ctx, c.get('shopId'), password);
    return c.json({ waiterPassword: true });
  });

  app.delete('/:shopId/waiter-password', async (c) => {
    requireOwner(c);
    await setWaiterPassword(ctx, c.get('shopId'), null);
    return c.json({ waiterPassword: false });
  });

  return app;
}
