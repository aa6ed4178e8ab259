// Order placement, payment and the demo outbox (docs/api.md "Orders and payment"):
//   POST /api/shop/{shopId}/order, GET /api/shop/{shopId}/status/{id}, GET /api/shop/{shopId}/info/{id}
//   POST /api/shop/{shopId}/payment/{orderId}/{method}, GET …/payment/{orderId}/{method}/paypal/{ref}
//   POST /api/payments/{stripe|simulated}/webhook, GET|POST /pay/sim/{ref}[/{action}], GET /outbox
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventHub } from '../staff/events';
import type { PaymentMethod } from '@shared/domain';
import type { ServerContext } from '../context';
import { getShop } from '../context';
import { errorBody, HttpError, MAX_BODY_BYTES, readJson } from '../http';
import { eventQueue, heartbeats, whenGone } from '../sse';
import { AddressCorrectedError, CheckoutRuleError, FormError } from '../orders/errors';
import { placeOrder, type PlaceOptions } from '../orders/place';
import { placeTableOrder } from '../orders/table';
import { checkWaiter } from '../table/waiter';
import { applyPaymentOutcome, capturePayPal, loadSimPayment, preparePayment, simPage, simulatedAction, type PaymentContext, type SimAction } from '../orders/payment';
import { infoResponse, loadOrder, statusResponse } from '../orders/read';
import { ordersOwedMails, OWED_BATCH, renderOwedMails } from '../orders/owedMails';
import { accountOfToken, bearerOf } from '../accounts/service';
import { databaseTransport, listMails, MAIL_BATCH, outboxPage, processMails, type MailTransport } from '../outbox/mail';
import { DEV_WEBHOOK_SECRET, processWebhooks, webhooksQueuedHere } from '../outbox/webhooks';
import { createTurns } from '../outbox/turns';
import { createPaymentRegistry, WebhookSignatureError, type PaymentRegistry, type ProviderName } from '../payments';
import { DEV_SECRET_KEY, readShopSecrets } from '../secrets';
import { CHECKOUT_UI } from '@shared/checkout';

export interface OrderOptions {
  payments?: PaymentRegistry;
  mailTransport?: MailTransport;
  /** HMAC secret of the shop webhooks (ORDER_WEBHOOK_SECRET) */
  webhookSecret?: string;
  /**
   * The server key of the shops' secrets (TISCHLEIN_SECRET_KEY; server/secrets): a shop's own webhook
   * secret and payment accounts. Default: the public development key; null: none (production without
   * a key: a shop with secrets cannot be served, main.ts refuses to start).
   */
  secretKey?: Buffer | null;
  /** show /outbox (app.ts: in development only; default here: off) */
  outboxPage?: boolean;
  /** fetch for webhook deliveries (tests) */
  fetch?: typeof fetch;
  /** the server's public origin (the simulated payment page, default return URL); never the request's Host */
  publicOrigin?: string;
  /** origins a payment may return to for a shop (app.ts); default: the public origin and the shop's allowedOrigins */
  linkTargets?: (shopId: string) => Promise<string[]>;
  /** order events (the guest's live status); default: none, the events route answers 404 */
  events?: EventHub;
  /** how long the worker's next mail waits for the orders in the server to be answered (default MAIL_TURN_MS) */
  mailTurnMs?: number;
}

/**
 * The longest a mail waits for the orders in the server (server/outbox/turns.ts): while guests keep
 * ordering, at least one mail per MAIL_TURN_MS starts; when none is in the server, at once.
 */
export const MAIL_TURN_MS = 100;

export interface OrderService {
  /** delivers due mails and webhooks once (the worker calls it; tests too) */
  runOutbox(): Promise<{ mails: number; webhooks: number }>;
  /**
   * Starts a background loop (every `intervalMs`), returns its stop function: no run starts after it; the
   * run under way finishes the send it is in, gives back the rows it claimed and has not sent, and the
   * promise resolves when it has (server/shutdown.ts awaits it before the database closes).
   */
  startWorker(intervalMs?: number): () => Promise<void>;
  /** one run of the started worker now, not at its next interval (the operator's retry); nothing when it is not started */
  kick(): void;
  payments: PaymentRegistry;
  /** guests' orders in the server now (the mails wait for them: server/outbox/turns.ts) */
  ordersInFlight(): number;
  /** the outbox worker's steps waiting for the orders' turn now (tests) */
  mailsWaitingForTurn(): number;
}

function errorResponse(c: Context, e: unknown): Response | null {
  if (e instanceof FormError) return c.json({ ...errorBody(e.code, e.message), form: e.form }, 400);
  if (e instanceof AddressCorrectedError) {
    return c.json({ ...errorBody(e.code, e.message), code: 2, title: 'Adresse korrigiert', assumedLocation: e.assumedLocation }, 409);
  }
  if (e instanceof CheckoutRuleError) {
    return c.json({ ...errorBody(e.code, e.message), title: e.rule.title, kind: e.rule.kind, ...(e.form ? { form: e.form } : {}) }, e.status);
  }
  return null;
}

export function mountOrders(app: Hono, ctx: ServerContext, opts: OrderOptions = {}): OrderService {
  // tests and embedders without their own registry: keys from the environment, the simulated
  // provider for the rest with a random secret (main.ts builds the real one, production-aware)
  const payments = opts.payments ?? createPaymentRegistry(process.env, { simSecret: process.env.SIMULATED_PAYMENT_SECRET || undefined });
  const transport = opts.mailTransport ?? databaseTransport;
  const webhookSecret = opts.webhookSecret ?? DEV_WEBHOOK_SECRET;
  let running: Promise<unknown> | null = null;
  let workerOn = false;
  // the started worker's stop was called (the process shuts down): its run gives back what it has not sent
  let stopping = false;

  const secretKey = opts.secretKey === undefined ? DEV_SECRET_KEY : opts.secretKey;
  // read at each use: a secret changed by one process applies in every process at once
  const shopSecrets = (shopId: string) => readShopSecrets(ctx.db, secretKey, shopId);

  let webhooksSeen = -1;
  // `all`: the webhooks too; the kick after an order (or a payment) claims them only when this process
  // queued one since (an empty claim is a statement per order, ≈ 0.5 ms on PGlite); the timer's runs
  // take every table, so a webhook queued by another process waits at most one interval
  // the orders in the server go first: a mail starts when they are answered, or after mailTurnMs
  const turns = createTurns();
  const mailTurnMs = opts.mailTurnMs ?? MAIL_TURN_MS;
  const runOutbox = async (all = true, stop?: () => boolean) => {
    // The orders' turn first: under a stream of orders the kicks would otherwise start run after run, each
    // claiming the owed rows and the mails of one or two orders (two statements each time); after the turn
    // one run takes what the orders meanwhile owe — at once when no order is in the server
    // (docs/benchmarks.md, "The worker's run after the orders' turn").
    await turns.ordersAnswered(mailTurnMs);
    // the orders' owed mails first (server/orders/owedMails.ts), rendered and queued when the orders
    // in the server are answered (the render is the event loop's work the guests' orders would wait for)
    if (stop?.()) return { mails: 0, webhooks: 0, rendered: 0 };
    const rendered = await renderOwedMails(ctx, { beforeRender: () => turns.ordersAnswered(mailTurnMs) });
    const mails = await processMails(ctx.db, transport, { now: ctx.now(), beforeEach: () => turns.ordersAnswered(mailTurnMs), stopping: stop });
    const queued = webhooksQueuedHere();
    if (stop?.() || (!all && queued === webhooksSeen)) return { mails, webhooks: 0, rendered };
    webhooksSeen = queued;
    const hooks = await processWebhooks(ctx.db, {
      secret: webhookSecret, secretFor: async (shopId) => (await shopSecrets(shopId)).webhookSecret ?? null, fetch: opts.fetch, now: ctx.now(), stopping: stop,
    });
    return { mails, webhooks: hooks.delivered, rendered };
  };
  // a kick while a run is under way: one more run after it (the orders that came meanwhile may have
  // committed after its render and its claim; their mails would otherwise wait for the timer)
  let kickedMeanwhile = false;
  const kick = (all = false) => {
    if (!workerOn) return;
    if (running) {
      kickedMeanwhile = true;
      return;
    }
    running = (async () => {
      let first = all;
      do {
        kickedMeanwhile = false;
        // a full batch: more mails are due (a burst of orders) — the next batch right away, the event
        // loop's other work in between; not one batch per order's kick or per interval, which left a
        // burst's mails queued for minutes (docs/benchmarks.md, "The whole CPU budget of an order")
        const stop = () => stopping;
        for (let r = await runOutbox(first, stop); workerOn && (r.mails >= MAIL_BATCH || r.rendered >= OWED_BATCH); r = await runOutbox(false, stop)) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        first = false;
      } while (workerOn && kickedMeanwhile);
    })().catch(() => undefined).finally(() => { running = null; });
  };
  const publicOrigin = (opts.publicOrigin ?? 'http://localhost').replace(/\/$/, '');
  const linkTargets = opts.linkTargets ?? (async (shopId: string) => [publicOrigin, ...((await ctx.shops.getShop(shopId))?.allowedOrigins ?? [])]);
  const payeeOf = async (shopId: string) => {
    const own = await shopSecrets(shopId);
    return { stripeAccount: own.stripeAccountId ?? null, paypalMerchantId: own.paypalMerchantId ?? null };
  };
  const pc: PaymentContext = { ctx, payments, kick, publicOrigin, linkTargets, payeeOf };

  app.post('/api/shop/:shopId/order', async (c) => {
    const leave = turns.enter();
    try {
      const body = await readJson(c);
      // the account comes from the bearer token only (an unknown or expired token orders as a guest)
      const account = await accountOfToken(ctx.db, bearerOf(c.req.header('authorization')), ctx.now());
      const placeOpts: PlaceOptions = {
        accountId: account?.id ?? null,
        idempotencyKey: c.req.header('idempotency-key') ?? null,
        providerName: (m: PaymentMethod) => payments.forMethod(m, c.req.param('shopId'))?.name ?? null,
        kick,
      };
      // table orders (server/orders/table.ts): refunds and waiter bookings need the waiter's cookie
      placeOpts.tableOrder = async (shop, p, key, requestHash) =>
        placeTableOrder(ctx, shop, p, { key, requestHash, waiter: (await checkWaiter(ctx, c, shop.config.id)).ok }, placeOpts);
      const r = await placeOrder(ctx, c.req.param('shopId'), body, placeOpts);
      c.header('Cache-Control', 'no-store');
      if (r.replayed) c.header('Idempotent-Replayed', 'true');
      // with its length, the compression leaves the small answer as it is (app.ts COMPRESS_THRESHOLD)
      const json = JSON.stringify(r.body);
      return c.body(json, r.replayed ? 200 : 201, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) });
    } catch (e) {
      const res = errorResponse(c, e);
      if (res) return res;
      throw e;
    } finally {
      leave();
    }
  });

  app.get('/api/shop/:shopId/status/:id', async (c) => {
    const config = (await getShop(ctx, c.req.param('shopId'))).config;
    const id = c.req.param('id');
    const order = /^[A-Za-z0-9_-]{8,64}$/.test(id) ? await loadOrder(ctx.db, config.id, id) : null;
    if (!order) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
    c.header('Cache-Control', 'no-store');
    return c.json(statusResponse(order, config.timeZone));
  });

  // The guest's success page follows its order live: 'status' (the /status answer) at once and
  // after each change. The random order id is the only key, as for /status.
  app.get('/api/shop/:shopId/status/:id/events', async (c) => {
    const config = (await getShop(ctx, c.req.param('shopId'))).config;
    const id = c.req.param('id');
    const events = opts.events;
    const known = /^[A-Za-z0-9_-]{8,64}$/.test(id) ? await loadOrder(ctx.db, config.id, id) : null;
    if (!known || !events) throw new HttpError(404, 'order_not_found', CHECKOUT_UI.orderNotFound);
    c.header('Cache-Control', 'no-store');
    return streamSSE(c, async (stream) => {
      // each status read in its turn (server/sse.ts eventQueue): an older one never overtakes a newer one
      const send = eventQueue(stream);
      const push = () => {
        void send('status', async () => {
          const o = await loadOrder(ctx.db, config.id, id);
          return o ? statusResponse(o, config.timeZone) : null;
        }).catch(() => undefined);
      };
      const unsubscribe = await events.subscribeOrder(config.id, id, push);
      whenGone(stream, unsubscribe);
      push();
      await heartbeats(stream, 15_000, () => stream.write(': ping\n\n'), ctx.shutdown);
      unsubscribe();
    });
  });

  app.get('/api/shop/:shopId/info/:id', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const id = c.req.param('id');
    const order = /^[A-Za-z0-9_-]{8,64}$/.test(id) ? await loadOrder(ctx.db, shopId, id) : null;
    c.header('Cache-Control', 'no-store');
    if (!order) return c.json({ success: false, error: 'order_not_found', message: CHECKOUT_UI.orderNotFound }, 404);
    return c.json(infoResponse(order));
  });

  app.post('/api/shop/:shopId/payment/:orderId/:method', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const body = await readJson(c, { optional: true });
    const answer = await preparePayment(pc, shopId, c.req.param('orderId'), c.req.param('method'), body);
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  app.get('/api/shop/:shopId/payment/:orderId/:method/paypal/:ref', async (c) => {
    const shopId = (await getShop(ctx, c.req.param('shopId'))).config.id;
    const result = await capturePayPal(pc, shopId, c.req.param('orderId'), c.req.param('method'), c.req.param('ref'));
    c.header('Cache-Control', 'no-store');
    if (result === 'not_approved') return c.json({ result, message: 'Die Zahlung wurde noch nicht freigegeben.' }, 409);
    return c.json({ result, success: result === 'success' });
  });

  // Provider webhooks: the raw body is verified before anything is parsed.
  app.post('/api/payments/:provider/webhook', async (c) => {
    const name = c.req.param('provider') as ProviderName;
    const provider = name === 'stripe' || name === 'simulated' ? payments.byName(name) : null;
    if (!provider?.parseWebhook) throw new HttpError(404, 'not_found', 'Dieser Zahlungsanbieter ist nicht eingerichtet.');
    const raw = await c.req.text();
    if (raw.length > MAX_BODY_BYTES) throw new HttpError(413, 'payload_too_large', `Der Body ist größer als ${MAX_BODY_BYTES} Bytes.`);
    let event;
    try {
      event = provider.parseWebhook(raw, c.req.raw.headers);
    } catch (e) {
      if (e instanceof WebhookSignatureError) throw new HttpError(400, 'invalid_signature', e.message);
      if (e instanceof SyntaxError) throw new HttpError(400, 'invalid_json', 'Kein gültiges JSON.');
      throw e;
    }
    if (!event) return c.json({ received: true, ignored: true });
    const r = await applyPaymentOutcome(pc, provider.name, event.ref, event.outcome, event.eventId);
    return c.json({ received: true, result: r });
  });

  // The simulated provider's hosted page.
  app.get('/pay/sim/:ref', async (c) => {
    const sim = await loadSimPayment(pc, c.req.param('ref'));
    if (!sim) return c.html('<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Zahlung</title></head><body><p>Diese Zahlung gibt es nicht.</p></body></html>', 404);
    // its buttons redirect to the return addresses (known origins only): the policy must let them
    c.set('formTargets' as never, [...new Set([new URL(sim.returnUrl).origin, new URL(sim.cancelUrl).origin])] as never);
    return c.html(simPage(sim, c.req.param('ref')), 200, { 'Cache-Control': 'no-store' });
  });
  app.post('/pay/sim/:ref/:action', async (c) => {
    const action = c.req.param('action');
    if (action !== 'confirm' && action !== 'cancel' && action !== 'decline') throw new HttpError(404, 'not_found', 'Unbekannte Aktion.');
    const target = await simulatedAction(pc, c.req.param('ref'), action as SimAction);
    if (!target) throw new HttpError(404, 'payment_not_found', 'Diese Zahlung gibt es nicht.');
    return c.redirect(target, 303);
  });

  // development only (app.ts): the mails hold login links and guests' addresses
  if (opts.outboxPage) {
    app.get('/outbox', async (c) => c.html(outboxPage(await listMails(ctx.db), transport.kind, await ordersOwedMails(ctx.db)), 200, { 'Cache-Control': 'no-store' }));
  } else {
    // not the shell page either (its page fallback answers every other path)
    app.get('/outbox', (c) => c.text('Nicht gefunden.', 404));
  }

  return {
    payments,
    ordersInFlight: () => turns.inFlight,
    mailsWaitingForTurn: () => turns.waiting,
    runOutbox: () => runOutbox(true),
    kick: () => kick(true),
    startWorker(intervalMs = 2000) {
      workerOn = true;
      stopping = false;
      const timer = setInterval(() => kick(true), intervalMs);
      timer.unref?.();
      kick(true);
      return async () => {
        workerOn = false;
        stopping = true;
        clearInterval(timer);
        await running;
      };
    },
  };
}
