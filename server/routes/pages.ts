// /api/shop/{shopId}/… for the shop's pages: table reservation and its answer, dish rating,
// e-mail unsubscribe, job applications, coupon activation and coupon reservation, and the
// per-shop tracking report. Input rules and German messages come from @shared/rules.
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { type FieldErrors, DRIVER_CODE, LINK_ID, parseReservationAnswer, validateCouponReservation, validateFeedback, validateJobApplication, validateReservation, validateUnsubscribe, PAGE_TEXTS } from '@shared/pages';
import { getShop, instantFrom, shopTime, type ServerContext } from '../context';
import type { ShopRecord } from '../shops/repository';
import { limitMail } from '../limits/mail';
import { enqueueMail } from '../outbox/mail';
import { errorBody, HttpError, jsonBody, queryOf, readJson } from '../http';

const anyObject = v.record(v.string(), v.unknown(), 'expected a JSON object');

/** 400 with the field messages (German), as the checkout does: { error, message, fields }. */
function fieldError(c: Context, errors: FieldErrors) {
  const first = Object.values(errors)[0] ?? 'Ungültige Eingabe.';
  return c.json({ ...errorBody('invalid_form', first), fields: errors }, 400);
}

async function objectBody(c: Context): Promise<Record<string, unknown>> {
  const body = await readJson(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'invalid_body', 'expected a JSON object');
  return body as Record<string, unknown>;
}

const newId = () => randomBytes(18).toString('base64url');
/** The restaurant's answer links carry a token of their own (256 bits); only its hash is stored. */
const newAnswerToken = () => randomBytes(32).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A driver code mints at most this many coupons unless its settings say otherwise (maxCoupons). */
export const DRIVER_CODE_MAX_COUPONS = 200;

interface ReservationRow {
  id: string;
  date: string;
  time: string;
  persons: number;
  name: string;
  email: string;
  phone: string;
  status: 'requested' | 'confirmed' | 'declined';
}

const ReportQuery = v.object({
  days: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'expected 1..90 days'), v.transform(Number), v.minValue(1, 'expected 1..90 days'), v.maxValue(90, 'expected 1..90 days')), '30'),
});

export interface PagesOptions {
  /** Bearer token for GET …/report; null = the report is switched off (404) */
  reportToken?: string | null;
  /** the shop's public origin for links in e-mails */
  publicOrigin?: string | null;
}

export function pageRoutes(ctx: ServerContext, opts: PagesOptions = {}): Hono {
  const app = new Hono();
  // the configured public origin (app.ts), never the request's Host
  const origin = (_c: Context) => (opts.publicOrigin ?? 'http://localhost').replace(/\/$/, '');
  const shopPath = (shop: ShopRecord, path: string) => {
    const slug = shop.config.slug;
    return slug ? `/f=${slug}${path}` : path;
  };
  const settings = (shop: ShopRecord) => shop.settings;

  // ---------- table reservation ----------

  app.post('/:shopId/reservation', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    if (!shop.config.flags.enableReservations) throw new HttpError(404, 'reservations_disabled', 'Dieser Shop nimmt keine Reservierungen an.');
    const checked = validateReservation(await objectBody(c), shopTime(shop.config, instantFrom(ctx, c.req.query('at')).instant));
    if (!checked.ok) return fieldError(c, checked.errors);
    const r = checked.value;
    const id = newId();
    const token = newAnswerToken();
    const to = settings(shop)?.email;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO reservations (id, shop_id, date, time, persons, name, phone, email, message, answer_token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, shop.config.id, r.date, r.time, r.persons, r.name, r.phone, r.email, r.message || null, sha256(token)],
      );
      if (to) {
        await limitMail(tx, 'reservation', to, ctx.now());
        // the token, never the id the guest gets back: only the restaurant's mail can answer
        const link = (type: string) => `${origin(c)}${shopPath(shop, `/tr/${token}/${type}`)}`;
        await enqueueMail(tx, {
          to,
          subject: `Reservierungsanfrage: ${r.persons} Personen am ${germanDate(r.date)} um ${r.time} Uhr`,
          text: [
            `Neue Reservierungsanfrage für ${shop.config.restaurantName}:`,
            '',
            `Datum: ${germanDate(r.date)}, ${r.time} Uhr`,
            `Personen: ${r.persons}`,
            `Name: ${r.name}`,
            `Telefon: ${r.phone}`,
            `E-Mail: ${r.email}`,
            ...(r.message ? [`Nachricht: ${r.message}`] : []),
            '',
            `Bestätigen: ${link('bestaetigen')}`,
            `Ablehnen: ${link('ablehnen')}`,
          ].join('\n'),
          dedupeKey: `reservation:${id}`,
        });
      }
    });
    return c.json({ success: true, id }, 201);
  });

  /** The reservation of an answer link's token (the restaurant's mail); the guest's id finds nothing. */
  const loadReservation = async (shopId: string, token: string): Promise<ReservationRow> => {
    if (!LINK_ID.test(token)) throw new HttpError(404, 'not_found', 'Diese Reservierung gibt es nicht.');
    // looked up by the token's hash: no comparison of the secret itself that could leak by timing
    const { rows } = await ctx.db.query<ReservationRow>(
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, time, persons, name, email, phone, status FROM reservations WHERE shop_id = $1 AND answer_token_hash = $2`,
      [shopId, sha256(token)],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Diese Reservierung gibt es nicht.');
    return rows[0];
  };

  app.get('/:shopId/reservation/:token', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const r = await loadReservation(shop.config.id, c.req.param('token'));
    c.header('Cache-Control', 'no-store');
    return c.json({ date: r.date, time: r.time, persons: r.persons, name: r.name, status: r.status });
  });

  app.post('/:shopId/reservation/:token/answer', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const body = await objectBody(c);
    const status = parseReservationAnswer(typeof body.type === 'string' ? body.type : '');
    if (!status) throw new HttpError(400, 'invalid_type', "type: expected 'bestaetigen' or 'ablehnen'");
    const r = await loadReservation(shop.config.id, c.req.param('token'));
    const changed = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `UPDATE reservations SET status = $3, answered_at = now() WHERE shop_id = $1 AND id = $2 AND status = 'requested' RETURNING id`,
        [shop.config.id, r.id, status],
      );
      if (!rows[0]) return false;
      await enqueueMail(tx, {
        to: r.email,
        subject: status === 'confirmed' ? `Deine Reservierung bei ${shop.config.restaurantName} ist bestätigt` : `Deine Reservierung bei ${shop.config.restaurantName}`,
        text:
          status === 'confirmed'
            ? `Hallo ${r.name},\n\nwir freuen uns auf Dich: ${r.persons} Personen am ${germanDate(r.date)} um ${r.time} Uhr.\n\n${shop.config.restaurantName}`
            : `Hallo ${r.name},\n\nleider können wir Deine Reservierung für ${r.persons} Personen am ${germanDate(r.date)} um ${r.time} Uhr nicht annehmen. Ruf uns gern an: ${shop.config.phone}\n\n${shop.config.restaurantName}`,
        dedupeKey: `reservation-answer:${r.id}`,
      });
      return true;
    });
    if (!changed) throw new HttpError(409, 'already_answered', PAGE_TEXTS.answerAlready);
    return c.json({ success: true, status });
  });

  // ---------- dish rating (once per order) ----------

  const feedbackOrder = async (shopId: string, orderId: string) => {
    if (!/^[A-Za-z0-9_-]{4,64}$/.test(orderId)) throw new HttpError(404, 'not_found', 'Diese Bestellung gibt es nicht.');
    const { rows } = await ctx.db.query<{ seq: string; done: boolean }>(
      `SELECT o.seq::text AS seq, EXISTS (SELECT 1 FROM order_feedback f WHERE f.order_seq = o.seq) AS done
       FROM orders o WHERE o.shop_id = $1 AND o.id = $2`,
      [shopId, orderId],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Diese Bestellung gibt es nicht.');
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

  // ---------- e-mail unsubscribe (spec: POST emailunsubscribe {type, email}) ----------

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

  // ---------- job applications (spec: POST /jobs/entry/{id}/submit {formData}) ----------

  app.post('/:shopId/jobs/entry/:id/submit', jsonBody(v.object({ formData: anyObject }, 'expected {formData: {…}}')), async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const entry = shop.config.jobEntries.find((j) => j.id === c.req.param('id'));
    if (!entry) throw new HttpError(404, 'not_found', 'Diese Stelle gibt es nicht.');
    const checked = validateJobApplication(c.req.valid('json').formData);
    if (!checked.ok) return fieldError(c, checked.errors);
    const f = checked.value;
    const to = settings(shop)?.email;
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

  // ---------- coupon activation from an e-mail (/reservieren/{emailid}) ----------

  app.get('/:shopId/coupon_mail/:emailId', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const row = await couponMail(shop.config.id, c.req.param('emailId'));
    return c.json({ activated: row.activated_at !== null });
  });

  const couponMail = async (shopId: string, emailId: string) => {
    if (!LINK_ID.test(emailId)) throw new HttpError(404, 'not_found', 'Diesen Gutschein-Link gibt es nicht.');
    const { rows } = await ctx.db.query<{ code: string; activated_at: string | null }>(
      'SELECT code, activated_at FROM coupon_mails WHERE shop_id = $1 AND email_id = $2',
      [shopId, emailId],
    );
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Diesen Gutschein-Link gibt es nicht.');
    return rows[0];
  };

  app.post('/:shopId/coupon_mail/:emailId/activate', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const row = await couponMail(shop.config.id, c.req.param('emailId'));
    await ctx.db.query('UPDATE coupon_mails SET activated_at = coalesce(activated_at, now()) WHERE email_id = $1', [c.req.param('emailId')]);
    // activating twice is fine: the guest gets the same code again
    return c.json({ success: true, code: row.code });
  });

  // ---------- coupon reservation by driver code (/f/{drivercode}) ----------

  const driverCode = (shop: ShopRecord, code: string) => {
    const found = DRIVER_CODE.test(code) ? settings(shop)?.driverCodes?.find((d) => d.code.toUpperCase() === code.toUpperCase()) : undefined;
    if (!found) throw new HttpError(404, 'not_found', 'Diesen Code gibt es nicht.');
    return found;
  };

  app.get('/:shopId/driver_code/:code', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const d = driverCode(shop, c.req.param('code'));
    return c.json({ type: d.type, value: d.value, minimumOrderValue: d.minimumOrderValue });
  });

  app.post('/:shopId/driver_code/:code/reserve', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    const d = driverCode(shop, c.req.param('code'));
    const checked = validateCouponReservation(await objectBody(c));
    if (!checked.ok) return fieldError(c, checked.errors);
    const phone = checked.value.phone;
    const shopId = shop.config.id;
    const max = d.maxCoupons ?? DRIVER_CODE_MAX_COUPONS;
    const code = await ctx.db.transaction(async (tx) => {
      const coupon = `${d.code.toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
      // ON CONFLICT DO NOTHING: the same phone twice at once waits for the first and gets its coupon (no 500)
      const claimed = await tx.query<{ coupon_code: string }>(
        `INSERT INTO driver_code_reservations (shop_id, driver_code, phone, coupon_code) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shop_id, driver_code, phone) DO NOTHING RETURNING coupon_code`,
        [shopId, d.code, phone, coupon],
      );
      if (!claimed.rows[0]) {
        const existing = await tx.query<{ coupon_code: string }>(
          'SELECT coupon_code FROM driver_code_reservations WHERE shop_id = $1 AND driver_code = $2 AND phone = $3',
          [shopId, d.code, phone],
        );
        if (existing.rows[0]) return existing.rows[0].coupon_code;
        throw new HttpError(409, 'conflict', PAGE_TEXTS.failed);
      }
      // one counter row per code: concurrent reservations serialise on it, none passes the bound
      const counted = await tx.query<{ issued: number }>(
        `INSERT INTO driver_code_counts (shop_id, driver_code, issued) VALUES ($1, $2, 1)
         ON CONFLICT (shop_id, driver_code) DO UPDATE SET issued = driver_code_counts.issued + 1
         WHERE driver_code_counts.issued < $3 RETURNING issued`,
        [shopId, d.code, max],
      );
      if (!counted.rows[0]) throw new HttpError(409, 'driver_code_used_up', PAGE_TEXTS.driverCodeUsedUp);
      const until = new Date(ctx.now().getTime() + d.validDays * 86_400_000).toISOString();
      await tx.query(
        `INSERT INTO coupons (shop_id, code, type, value, minimum_order_value, valid_from, valid_until, reserved_phone, max_uses)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)`,
        [shopId, coupon, d.type, d.value, d.minimumOrderValue, ctx.now().toISOString(), until, phone],
      );
      return coupon;
    });
    return c.json({ success: true, code, phone });
  });

  // ---------- per-shop tracking report ----------

  app.get('/:shopId/report', queryOf(ReportQuery), async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    if (!opts.reportToken) throw new HttpError(404, 'not_found', 'Der Bericht ist nicht eingeschaltet (TISCHLEIN_REPORT_TOKEN).');
    if (c.req.header('authorization') !== `Bearer ${opts.reportToken}`) throw new HttpError(403, 'forbidden', 'Für den Bericht fehlt die Berechtigung.');
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

function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}
