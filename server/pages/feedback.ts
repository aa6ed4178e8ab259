// Dish rating: once per order, by the order's id.
import { Hono } from 'hono';
import { validateFeedback, PAGE_TEXTS } from '@shared/pages';
import { getShop, type ServerContext } from '../context';
import { HttpError } from '../http';
import { fieldError, objectBody } from './requests';
import { CHECKOUT_UI } from '@shared/checkout';

export function feedbackRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  const feedbackOrder = async (shopId: string, orderId: string) => {
    if (!/^[A-Za-z0-9_-]{4,64}$/.test(orderId)) throw new HttpError(404, 'not_found', CHECKOUT_UI.orderNotFound);
    const { rows } = await ctx.db.query<{ seq: string; done: boolean }>(
      `SELECT o.seq::text AS seq, EXISTS (SELECT 1 FROM order_feedback f WHERE f.order_seq = o.seq) AS done
       FROM orders o WHERE o.shop_id = $1 AND o.id = $2`,
      [shopId, orderId],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', CHECKOUT_UI.orderNotFound);
    const lines = await ctx.db.query<{ position: number; item_id: string; name: string; amount: number }>(
      `SELECT position, item_id, name, amount FROM order_lines WHERE order_seq = $1 AND kind IN ('dish', 'menu') ORDER BY position`,
      [rows[0].seq],
    );
    return { seq: rows[0].seq, done: rows[0].done, lines: lines.rows };
  };

  app.get('/:shopId/feedback/:orderId', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const o = await feedbackOrder(shop.config.id, c.req.param('orderId'));
    return c.json({ done: o.done, dishes: o.lines.map((l) => ({ position: l.position, name: l.name, amount: l.amount })) });
  });

  app.post('/:shopId/feedback/:orderId', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const o = await feedbackOrder(shop.config.id, c.req.param('orderId'));
    const checked = validateFeedback(await objectBody(c), o.lines.map((l) => l.position));
    if (!checked.ok) return fieldError(c, checked.errors);
    if (o.done) throw new HttpError(409, 'already_rated', PAGE_TEXTS.feedbackDone);
    const ratings = checked.value.ratings.map((r) => {
      const line = o.lines.find((l) => l.position === r.position)!;
      return { position: r.position, itemId: line.item_id, name: line.name, stars: r.stars };
    });
    const { rows } = await ctx.db.query<{ order_seq: string }>(
      `INSERT INTO order_feedback (order_seq, ratings, comment) VALUES ($1, $2, $3) ON CONFLICT (order_seq) DO NOTHING RETURNING order_seq`,
      [o.seq, JSON.stringify(ratings), checked.value.comment || null],
    );
    if (!rows[0]) throw new HttpError(409, 'already_rated', PAGE_TEXTS.feedbackDone);
    return c.json({ success: true }, 201);
  });

  return app;
}
