// E-mail unsubscribe (spec: POST emailunsubscribe {type, email}).
import { Hono } from 'hono';
import { validateUnsubscribe } from '@shared/pages';
import { getShop, type ServerContext } from '../context';
import { fieldError, objectBody } from './requests';

export function unsubscribeRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post('/:shopId/emailunsubscribe', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const checked = validateUnsubscribe(await objectBody(c));
    if (!checked.ok) return fieldError(c, checked.errors);
    await ctx.db.query(`INSERT INTO email_unsubscribes (shop_id, type, email) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      shop.config.id,
      checked.value.type,
      checked.value.email,
    ]);
    return c.json({ success: true });
  });

  return app;
}
