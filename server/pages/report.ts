// The per-shop tracking report: visits, orders and top dishes of the last days, behind a bearer token.
import { Hono } from 'hono';
import * as v from 'valibot';
import { getShop, type ServerContext } from '../context';
import { HttpError, queryOf } from '../http';

const ReportQuery = v.object({
  days: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'expected 1..90 days'), v.transform(Number), v.minValue(1, 'expected 1..90 days'), v.maxValue(90, 'expected 1..90 days')), '30'),
});

/** `reportToken`: bearer token for GET …/report; null = the report is switched off (404). */
export function reportRoutes(ctx: ServerContext, reportToken: string | null | undefined): Hono {
  const app = new Hono();

  app.get('/:shopId/report', queryOf(ReportQuery), async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    if (!reportToken) throw new HttpError(404, 'not_found', 'Der Bericht ist nicht eingeschaltet (TISCHLEIN_REPORT_TOKEN).');
    if (c.req.header('authorization') !== `Bearer ${reportToken}`) throw new HttpError(403, 'forbidden', 'Für den Bericht fehlt die Berechtigung.');
    const days = c.req.valid('query').days;
    const since = new Date(ctx.now().getTime() - days * 86_400_000).toISOString();
    const tz = shop.config.timeZone;
    const id = shop.config.id;
    const perDay = await ctx.db.query<{ day: string; visits: number }>(
      `SELECT to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, count(*)::int AS visits
       FROM tracking_visits WHERE restaurant_id = $1 AND created_at >= $2 GROUP BY 1 ORDER BY 1`,
      [id, since, tz],
    );
    const orders = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE shop_id = $1 AND created_at >= $2 AND status <> 'cancelled'`,
      [id, since],
    );
    const top = await ctx.db.query<{ id: string; name: string; amount: number }>(
      `SELECT l.item_id AS id, min(l.name) AS name, sum(l.amount)::int AS amount
       FROM order_lines l JOIN orders o ON o.seq = l.order_seq
       WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.status <> 'cancelled' AND l.kind = 'dish'
       GROUP BY l.item_id ORDER BY 3 DESC, 1 LIMIT 10`,
      [id, since],
    );
    const visits = perDay.rows.reduce((n, r) => n + r.visits, 0);
    const orderCount = orders.rows[0]?.n ?? 0;
    c.header('Cache-Control', 'no-store');
    return c.json({
      shopId: id,
      days,
      visits,
      orders: orderCount,
      ordersPerVisit: visits > 0 ? Math.round((orderCount / visits) * 1000) / 1000 : null,
      visitsPerDay: perDay.rows,
      topDishes: top.rows,
    });
  });

  return app;
}
