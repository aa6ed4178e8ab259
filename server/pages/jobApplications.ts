// Job applications (spec: POST /jobs/entry/{id}/submit {formData}): stored and mailed to the restaurant.
import { Hono } from 'hono';
import * as v from 'valibot';
import { validateJobApplication } from '@shared/pages';
import { getShop, type ServerContext } from '../context';
import { limitMail } from '../limits/mail';
import { enqueueMail } from '../outbox/mail';
import { HttpError, jsonBody } from '../http';
import { anyObject, fieldError } from './requests';

export function jobApplicationRoutes(ctx: ServerContext): Hono {
  const app = new Hono();

  app.post('/:shopId/jobs/entry/:id/submit', jsonBody(v.object({ formData: anyObject }, 'expected {formData: {…}}')), async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const entry = shop.config.jobEntries.find((j) => j.id === c.req.param('id'));
    if (!entry) throw new HttpError(404, 'not_found', 'Diese Stelle gibt es nicht.');
    const checked = validateJobApplication(c.req.valid('json').formData);
    if (!checked.ok) return fieldError(c, checked.errors);
    const f = checked.value;
    const to = shop.settings?.email;
    await ctx.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO job_applications (shop_id, entry_id, form) VALUES ($1, $2, $3)`, [shop.config.id, entry.id, JSON.stringify(f)]);
      if (to) {
        await limitMail(tx, 'application', to, ctx.now());
        await enqueueMail(tx, {
          to,
          subject: `Bewerbung: ${entry.title}`,
          text: `Bewerbung auf „${entry.title}“\n\nName: ${f.name}\nE-Mail: ${f.email}\nTelefon: ${f.phone || '–'}\n\n${f.message}`,
        });
      }
    });
    return c.json({ success: true }, 201);
  });

  return app;
}
