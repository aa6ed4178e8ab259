// The kitchen's side of the staff API (docs/api.md "Staff API"), mounted by staff.ts:
//   GET|POST …/printers, DELETE …/printers/{id}           Star CloudPRNT printers (owner, logged in)
//   POST …/orders/{id}/print                              a ticket on every printer of the shop (staff, POS)
//   POST|GET|DELETE …/cloudprnt/{token}                   the printer itself (its secret URL; no login)
//   GET …/report?date=YYYY-MM-DD, GET …/report.csv?date=  the 'Tagesbericht' (owner, logged in)
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { dayReport, REPORT_TEXTS, reportCsv } from '@shared/report';
import { isIsoDate } from '@shared/time/clock';
import { shopTimeAt } from '@shared/time/clock';
import type { ServerContext } from '../context';
import { HttpError, readJson, validate } from '../http';
import { confirm, createPrinter, jobBody, listPrinters, poll, printerOfToken, printerUrl, queueManualJobs, revokePrinter } from '../staff/cloudprnt';
import { reportOrders } from '../staff/report';
import { staffShop } from '../staff/shop';
import { jsonOf, requireOwner, type StaffEnv } from './staffAccess';
import { CHECKOUT_UI } from '@shared/checkout';
import { INBOX_TEXTS } from '@shared/inbox';

const PrinterSchema = v.object({
  label: v.pipe(v.string('label: expected a string'), v.trim(), v.minLength(1, INBOX_TEXTS.printerName), v.maxLength(80, INBOX_TEXTS.printerName)),
  printsOn: v.optional(v.picklist(['accept', 'arrival'], "printsOn: 'accept' oder 'arrival'"), 'accept'),
});
// the printer's poll: its fields as Star documents them, anything else is ignored
const PollSchema = v.looseObject({
  statusCode: v.optional(v.string('statusCode: expected a string')),
  printingInProgress: v.optional(v.boolean('printingInProgress: expected a boolean')),
});

export function kitchenRoutes(ctx: ServerContext, opts: { publicOrigin: string }): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>();

  app.get('/:shopId/printers', async (c) => {
    requireOwner(c);
    return c.json({ printers: await listPrinters(ctx.db, c.get('shopId')) });
  });
  app.post('/:shopId/printers', async (c) => {
    requireOwner(c);
    const { label, printsOn } = await jsonOf(c, PrinterSchema);
    const shopId = c.get('shopId');
    const p = await createPrinter(ctx.db, shopId, label, printsOn, ctx.now());
    // the URL (with its token) is shown once: only the token's hash is stored
    return c.json({ id: p.id, label, printsOn, url: printerUrl(opts.publicOrigin, shopId, p.token) }, 201);
  });
  app.delete('/:shopId/printers/:id', async (c) => {
    requireOwner(c);
    if (!(await revokePrinter(ctx.db, c.get('shopId'), c.req.param('id'), ctx.now()))) {
      throw new HttpError(404, 'not_found', 'Diesen Drucker gibt es nicht (oder er ist schon entfernt).');
    }
    return c.json({ revoked: true });
  });

  app.post('/:shopId/orders/:id/print', async (c) => {
    await jsonOf(c, v.object({}));
    const shopId = c.get('shopId');
    const id = c.req.param('id');
    const { rows } = /^[A-Za-z0-9_-]{8,64}$/.test(id)
      ? await ctx.db.query<{ seq: string }>('SELECT seq FROM orders WHERE shop_id = $1 AND id = $2 AND inbox_at IS NOT NULL', [shopId, id])
      : { rows: [] };
    if (!rows[0]) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
    const queued = await queueManualJobs(ctx.db, shopId, rows[0].seq, ctx.now());
    if (!queued) throw new HttpError(409, 'no_printer', 'Für diesen Shop ist kein Küchendrucker eingerichtet.');
    return c.json({ queued });
  });

  // The printer: its secret URL is its login. An unknown or revoked token is a plain 404.
  const printer = async (c: Context<StaffEnv>) => {
    const p = await printerOfToken(ctx.db, c.get('shopId'), c.req.param('token') ?? '');
    if (!p) throw new HttpError(404, 'not_found', 'Diesen Drucker gibt es nicht.');
    return p;
  };
  app.post('/:shopId/cloudprnt/:token', async (c) => {
    const p = await printer(c);
    const body = validate(PollSchema, (await readJson(c, { optional: true })) ?? {}, 'invalid_body');
    return c.json(await poll(ctx.db, p, body, ctx.now()));
  });
  app.get('/:shopId/cloudprnt/:token', async (c) => {
    const p = await printer(c);
    const body = await jobBody(ctx, p, c.req.query('token'), c.req.query('type'));
    if (body === 'type') throw new HttpError(415, 'unsupported_type', 'Nur text/plain wird geliefert.');
    if (body === 'none') throw new HttpError(404, 'no_job', 'Kein Druckauftrag.');
    return c.body(body, 200, { 'Content-Type': 'text/plain' });
  });
  app.delete('/:shopId/cloudprnt/:token', async (c) => {
    const p = await printer(c);
    const code = c.req.query('code');
    if (!code) throw new HttpError(400, 'invalid_request', 'code: fehlt');
    const result = await confirm(ctx.db, p, c.req.query('token'), code, ctx.now());
    if (result === 'none') throw new HttpError(404, 'no_job', 'Kein Druckauftrag.');
    return c.json({ result });
  });

  const reportDay = async (c: Context<StaffEnv>) => {
    requireOwner(c);
    const { config } = await staffShop(ctx, c.get('shopId'));
    const asked = c.req.query('date');
    if (asked !== undefined && !isIsoDate(asked)) throw new HttpError(400, 'invalid_date', REPORT_TEXTS.badDate);
    const date = asked ?? shopTimeAt(ctx.now(), config.timeZone).date;
    return { date, orders: await reportOrders(ctx.db, config.id, date, config.timeZone) };
  };
  app.get('/:shopId/report', async (c) => {
    const { date, orders } = await reportDay(c);
    return c.json({ report: dayReport(date, orders), orders });
  });
  app.get('/:shopId/report.csv', async (c) => {
    const { date, orders } = await reportDay(c);
    return c.body(reportCsv(date, orders), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tagesbericht-${c.get('shopId').replace(/[^A-Za-z0-9_-]/g, '_')}-${date}.csv"`,
    });
  });

  return app;
}
