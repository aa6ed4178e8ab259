// /api/platform/… — login by e-mail link and the guest's account (docs/api.md "Login and account"):
//   POST auth/request-link, GET auth/login/{token} (the link), POST auth/logout, POST auth/signup,
//   GET user/info, PUT user/addressData | user/name | user/birthday | user/advertisementAgreement,
//   DELETE user/delete, GET user/orders.
// Every user call reads the account from `Authorization: Bearer` only: no id in a path or body
// can reach another account's data.
import { html, htmlText } from '../html';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, isEmail } from '@shared/rules';
import { ACCOUNT_SERVER_TEXTS as S, LOGIN_TEXTS, LINK_RATE_LIMIT, addressErrors, birthdayProblem, cleanAddress, loginTarget, normaliseEmail, safeReturnTo, splitName, tokenCookieOptions, TOKEN_NAME } from '@shared/account';
import { setCookie } from 'hono/cookie';
import { CHECKOUT_TEXTS, guestStatusText, type OrderStatus } from '@shared/checkout';
import { clientIp } from '../clientIp';
import { getShop, type ServerContext } from '../context';
import { errorBody, HttpError, jsonBody } from '../http';
import { clientKey } from '../limits/counter';
import { limitMail } from '../limits/mail';
import { dbRateLimiter } from '../limits/store';
import { enqueueMail } from '../outbox/mail';
import {
  accountOfToken, bearerOf, createLoginLink, deleteAccount, endSession, ensureAccount, findAccount, scopeOf, useLoginLink, userResponse,
  type AccountRow,
} from '../accounts/service';

export interface AccountOptions {
  /** the server's public origin (links in mails); never the request's Host */
  publicOrigin?: string;
  /** the origins a link for a shop may lead back to (app.ts: public origin, link origins, the shop's allowedOrigins) */
  linkTargets?: (shopId: string) => Promise<string[]>;
  /** request-link limits (tests lower them) */
  linkLimit?: { perEmail: number; perIp: number; windowMs: number };
}

const text = (max: number) => v.pipe(v.string('expected a string'), v.maxLength(max, `expected at most ${max} characters`));

const RequestLinkBody = v.object({
  email: text(EMAIL_MAX_LENGTH),
  webshop: text(64),
  franchise: v.nullish(text(64)),
  /** own: the page the guest asked from (the link leads back to it when allowed) */
  returnTo: v.nullish(text(2000)),
});
const SignupBody = v.object({ order: text(64), returnTo: v.nullish(text(2000)) });
const AddressBody = v.object({ address: v.record(v.string(), v.unknown(), 'expected an address object') });
const NameBody = v.object({ firstName: text(100), lastName: text(100) });
const BirthdayBody = v.object({ date: v.nullable(text(10)) });
const AdvertisementBody = v.object({ subscribe: v.boolean('expected true or false') });

const pageOf = (title: string, body: ReturnType<typeof html>) =>
  htmlText(html`<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem"><h1>${title}</h1>${body}</body></html>`);

export function accountRoutes(ctx: ServerContext, opts: AccountOptions = {}): Hono {
  const app = new Hono();
  const limits = opts.linkLimit ?? LINK_RATE_LIMIT;
  const publicOrigin = (opts.publicOrigin ?? 'http://localhost').replace(/\/$/, '');
  const secure = () => publicOrigin.startsWith('https:');
  const tooMany = (c: Context) => c.json(errorBody('too_many_requests', LOGIN_TEXTS.rateLimited), 429);

  // counted in the database, so the limits hold across server processes (server/limits/store.ts)
  const perIp: MiddlewareHandler = dbRateLimiter({
    db: ctx.db, scope: 'link-ip', windowMs: limits.windowMs, limit: limits.perIp, now: ctx.now,
    key: (c) => clientKey(clientIp(c)), handler: tooMany,
  });
  const perEmail: MiddlewareHandler = dbRateLimiter({
    db: ctx.db,
    scope: 'link-email',
    windowMs: limits.windowMs,
    limit: limits.perEmail,
    now: ctx.now,
    key: async (c) => {
      try {
        const body = (await c.req.json()) as { email?: unknown };
        return typeof body?.email === 'string' ? normaliseEmail(body.email) : '';
      } catch {
        return '';
      }
    },
    handler: tooMany,
  });

  /** The shop's page a link falls back to (its franchise prefix, if any). */
  const shopUrl = async (shopId: string) => {
    const config = (await getShop(ctx, shopId)).config;
    return config.slug ? `${publicOrigin}/f=${config.slug}/` : `${publicOrigin}/`;
  };
  const allowedOrigins = async (shopId: string) => (await opts.linkTargets?.(shopId)) ?? [publicOrigin, ...((await ctx.shops.getShop(shopId))?.allowedOrigins ?? [])];
  /** returnTo on a known origin, else the shop's own page (nothing comes from the request's Host) */
  const targetOf = async (shopId: string, returnTo: string | null | undefined) => safeReturnTo(returnTo, await allowedOrigins(shopId), await shopUrl(shopId));

  const sendLink = async (account: AccountRow, shopId: string, returnTo: string | null | undefined, signup: boolean) => {
    const now = ctx.now();
    const target = await targetOf(shopId, returnTo);
    const shopName = (await getShop(ctx, shopId)).config.restaurantName;
    await ctx.db.transaction(async (tx) => {
      await limitMail(tx, 'login', account.email, now, { max: limits.perEmail, windowMs: limits.windowMs });
      const token = await createLoginLink(tx, account.id, shopId, target, now);
      const link = `${publicOrigin}/api/platform/auth/login/${token}`;
      await enqueueMail(tx, {
        to: account.email,
        subject: signup ? S.mailSignupSubject(shopName) : S.mailSubject(shopName),
        text: signup ? S.mailSignupText(shopName, link) : S.mailText(shopName, link),
        html: htmlText(html`<!doctype html><html lang="de"><body><p>${(signup ? S.mailSignupText(shopName, '') : S.mailText(shopName, '')).split('\n').map((line, i) => (i ? [html`<br>`, line] : line))}</p><p><a href="${link}">${link}</a></p></body></html>`),
      });
    });
  };

  /** The account of the bearer token; null → the caller answers 401. */
  const me = (c: Context) => accountOfToken(ctx.db, bearerOf(c.req.header('authorization')), ctx.now());
  const unauthorized = (c: Context) =>
    c.json(errorBody('unauthorized', S.unauthorized), 401, { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'Cache-Control': 'no-store' });

  // ---------- login ----------

  app.post('/auth/request-link', perIp, perEmail, jsonBody(RequestLinkBody), async (c) => {
    const body = c.req.valid('json');
    const shop = await getShop(ctx, body.webshop);
    if (body.franchise && body.franchise !== shop.config.franchiseId) throw new HttpError(400, 'invalid_request', 'franchise: gehört nicht zu diesem Shop');
    if (!isEmail(body.email)) throw new HttpError(400, 'invalid_email', LOGIN_TEXTS.invalidEmail);
    c.header('Cache-Control', 'no-store');
    const account = await findAccount(ctx.db, scopeOf(shop.config), body.email);
    // the spec's answer tells a stranger whether an account exists; the rate limit bounds guessing
    if (!account) return c.json(errorBody('user-not-found', S.userNotFound), 404);
    await sendLink(account, shop.config.id, body.returnTo, false);
    return c.json({ success: true });
  });

  // The link of the mail: signs in once, then back to the page (token as cookie, or in the fragment on another origin).
  app.get('/auth/login/:token', async (c) => {
    const used = await useLoginLink(ctx.db, c.req.param('token'), ctx.now());
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!used) {
      return c.html(pageOf(S.linkInvalidTitle, html`<p>${S.linkInvalid}</p><p><a href="${publicOrigin}/">${S.backToShop}</a></p>`), 410);
    }
    // checked again: a link mailed before an origin was removed leads to the shop's page
    const returnTo = (await ctx.shops.getShop(used.shopId)) ? await targetOf(used.shopId, used.returnTo) : `${publicOrigin}/`;
    const target = loginTarget(returnTo, used.session, publicOrigin);
    if (target === returnTo) setCookie(c, TOKEN_NAME, used.session, tokenCookieOptions(used.session, { secure: secure() }));
    return c.redirect(target, 303);
  });

  app.post('/auth/logout', async (c) => {
    const token = bearerOf(c.req.header('authorization'));
    if (token) await endSession(ctx.db, token);
    setCookie(c, TOKEN_NAME, '', tokenCookieOptions(null, { secure: secure() }));
    return c.json({ success: true });
  });

  // 'Konto erstellen' at the order: the order's e-mail gets an account and a link.
  app.post('/auth/signup', perIp, jsonBody(SignupBody), async (c) => {
    const body = c.req.valid('json');
    const { rows } = await ctx.db.query<{ id: string; shop_id: string; customer: Record<string, string>; accept_advertising: boolean; created_at: Date | string; delivery_type: string; account_id: string | null }>(
      'SELECT id, shop_id, customer, accept_advertising, created_at, delivery_type, account_id FROM orders WHERE id = $1',
      [body.order],
    );
    const order = rows[0];
    if (!order) throw new HttpError(404, 'order_not_found', S.signupNeedsOrder);
    if (!order.accept_advertising) throw new HttpError(400, 'accountConsent', CHECKOUT_TEXTS.accountConsentText);
    if (ctx.now().getTime() - new Date(order.created_at).getTime() > 60 * 60_000) throw new HttpError(409, 'signup_too_late', S.signupTooLate);
    const cust = order.customer;
    if (!isEmail(cust.email ?? '')) throw new HttpError(400, 'invalid_email', LOGIN_TEXTS.invalidEmail);
    const shop = await getShop(ctx, order.shop_id);
    const address = order.delivery_type === 'delivery'
      ? cleanAddress({ name: cust.name, street: cust.street, streetNumber: cust.streetNumber, floor: cust.floor, zip: cust.zip, city: cust.city, phone: cust.phone, company: cust.company })
      : cleanAddress({ name: cust.name, phone: cust.phone, company: cust.company });
    const { account } = await ensureAccount(ctx.db, scopeOf(shop.config), cust.email, { ...splitName(cust.name ?? ''), address, advertisement: true });
    await ctx.db.query('UPDATE orders SET account_id = $1 WHERE id = $2 AND account_id IS NULL', [account.id, order.id]);
    await sendLink(account, shop.config.id, body.returnTo, true);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true });
  });

  // ---------- the account (bearer token) ----------

  app.get('/user/info', async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    c.header('Cache-Control', 'no-store');
    return c.json(userResponse(account));
  });

  app.put('/user/addressData', jsonBody(AddressBody), async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    const address = cleanAddress(c.req.valid('json').address);
    const errors = addressErrors(address);
    if (Object.keys(errors).length) return c.json({ ...errorBody('invalid_address', Object.values(errors)[0]!), form: errors }, 400);
    await ctx.db.query('UPDATE accounts SET address = $2, updated_at = now() WHERE id = $1', [account.id, JSON.stringify(address)]);
    return c.json(userResponse({ ...account, address }));
  });

  app.put('/user/name', jsonBody(NameBody), async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    const b = c.req.valid('json');
    const firstName = b.firstName.replace(/\0/g, '').trim();
    const lastName = b.lastName.replace(/\0/g, '').trim();
    await ctx.db.query('UPDATE accounts SET first_name = $2, last_name = $3, updated_at = now() WHERE id = $1', [account.id, firstName, lastName]);
    return c.json(userResponse({ ...account, first_name: firstName, last_name: lastName }));
  });

  app.put('/user/birthday', jsonBody(BirthdayBody), async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    const date = c.req.valid('json').date?.trim() || null;
    if (date) {
      const problem = birthdayProblem(date, ctx.now().toISOString().slice(0, 10));
      if (problem) return c.json({ ...errorBody('invalid_birthday', problem), form: { birthday: problem } }, 400);
    }
    await ctx.db.query('UPDATE accounts SET birthday = $2, updated_at = now() WHERE id = $1', [account.id, date]);
    return c.json(userResponse({ ...account, birthday: date }));
  });

  app.put('/user/advertisementAgreement', jsonBody(AdvertisementBody), async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    const subscribe = c.req.valid('json').subscribe;
    await ctx.db.query('UPDATE accounts SET advertisement = $2, updated_at = now() WHERE id = $1', [account.id, subscribe]);
    return c.json(userResponse({ ...account, advertisement: subscribe }));
  });

  app.delete('/user/delete', async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    await deleteAccount(ctx.db, account);
    setCookie(c, TOKEN_NAME, '', tokenCookieOptions(null, { secure: secure() }));
    return c.json({ success: true });
  });

  // own: 'Meine Bestellungen' — the account's orders, newest first, with the lines to order again
  app.get('/user/orders', async (c) => {
    const account = await me(c);
    if (!account) return unauthorized(c);
    const { rows } = await ctx.db.query<{ seq: string; id: string; shop_id: string; status: OrderStatus; delivery_type: string; total: number; created_at: Date | string; customer: Record<string, string>; accepted_at: Date | null }>(
      `SELECT seq, id, shop_id, status, delivery_type, total, created_at, customer, accepted_at FROM orders WHERE account_id = $1 ORDER BY seq DESC LIMIT 50`,
      [account.id],
    );
    const seqs = rows.map((r) => r.seq);
    const lines = seqs.length
      ? (await ctx.db.query<{ order_seq: string; kind: string; name: string; amount: number; item: unknown }>(
          'SELECT order_seq::text AS order_seq, kind, name, amount, item FROM order_lines WHERE order_seq = ANY($1::bigint[]) ORDER BY order_seq, position',
          [seqs],
        )).rows
      : [];
    c.header('Cache-Control', 'no-store');
    return c.json({
      orders: rows.map((r) => {
        const own = lines.filter((l) => l.order_seq === String(r.seq));
        const cust = r.customer;
        return {
          id: r.id,
          shopId: r.shop_id,
          createdAt: new Date(r.created_at).toISOString(),
          status: r.status,
          statusText: guestStatusText(r.status, !!r.accepted_at),
          deliveryType: r.delivery_type,
          /** cents (own endpoint; the order's submit answer is the euro one) */
          totalCents: r.total,
          address: r.delivery_type === 'delivery'
            ? { street: cust.street ?? '', streetNumber: cust.streetNumber ?? '', zip: cust.zip ?? '', city: cust.city ?? '', floor: cust.floor ?? '' }
            : null,
          lines: own.map((l) => ({ name: l.name, amount: l.amount, kind: l.kind })),
          /** the cart lines to put back ('Nochmal bestellen'; the engine re-checks them) */
          items: own.filter((l) => l.kind !== 'free').map((l) => l.item),
        };
      }),
    });
  });

  return app;
}
