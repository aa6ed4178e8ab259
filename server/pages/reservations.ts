// Table reservation: the guest's request (mailed to the restaurant with two answer links that
// carry a token of their own) and the restaurant's answer (mailed to the guest).
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { LINK_ID, parseReservationAnswer, validateReservation, PAGE_TEXTS } from '@shared/pages';
import { getShop, instantFrom, shopTime, type ServerContext } from '../context';
import type { ShopRecord } from '../shops/repository';
import { limitMail } from '../limits/mail';
import { enqueueMail } from '../outbox/mail';
import { HttpError } from '../http';
import { fieldError, objectBody } from './requests';

const newId = () => randomBytes(18).toString('base64url');
/** The restaurant's answer links carry a token of their own (256 bits); only its hash is stored. */
const newAnswerToken = () => randomBytes(32).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

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

/** `publicOrigin`: the shop's public origin for the links in the restaurant's mail. */
export function reservationRoutes(ctx: ServerContext, publicOrigin: string | null | undefined): Hono {
  const app = new Hono();
  // the configured public origin (app.ts), never the request's Host
  const origin = () => (publicOrigin ?? 'http://localhost').replace(/\/$/, '');
  const shopPath = (shop: ShopRecord, path: string) => {
    const slug = shop.config.slug;
    return slug ? `/f=${slug}${path}` : path;
  };

  app.post('/:shopId/reservation', async (c) => {
    const shop = await getShop(ctx, c.req.param('shopId') ?? '');
    if (!shop.config.flags.enableReservations) throw new HttpError(404, 'reservations_disabled', 'Dieser Shop nimmt keine Reservierungen an.');
    const checked = validateReservation(await objectBody(c), shopTime(shop.config, instantFrom(ctx, c.req.query('at')).instant));
    if (!checked.ok) return fieldError(c, checked.errors);
    const r = checked.value;
    const id = newId();
    const token = newAnswerToken();
    const to = shop.settings?.email;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO reservations (id, shop_id, date, time, persons, name, phone, email, message, answer_token_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [id, shop.config.id, r.date, r.time, r.persons, r.name, r.phone, r.email, r.message || null, sha256(token)],
      );
      if (to) {
        await limitMail(tx, 'reservation', to, ctx.now());
        // the token, never the id the guest gets back: only the restaurant's mail can answer
        const link = (type: string) => `${origin()}${shopPath(shop, `/tr/${token}/${type}`)}`;
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

  return app;
}

function germanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}
