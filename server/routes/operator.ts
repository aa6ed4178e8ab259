// Health, readiness and the operator's calls (docs/api.md "Operator calls"; docs/decisions.md "2026-11-26 —
// Health, readiness and the operator's status"):
//   GET /healthz   liveness: the process answers (no database), public
//   GET /readyz    readiness: the database answers in time and is migrated, and the process is not shutting down;
//                  public, nothing else revealed
//   GET /api/operator/status, POST /api/operator/{owed-mails|mails|webhooks}/retry
//                  Authorization: Bearer OPERATOR_TOKEN; without the variable these routes do not exist (404)
// None of them has CORS headers (app.ts leaves /api/operator/ out): a page on another origin cannot read them.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { bearerOf } from '../accounts/service';
import { clientIp, type ProxyHint, type ProxyWatch } from '../clientIp';
import type { ServerContext } from '../context';
import { HttpError, readJson, validate } from '../http';
import { clientKey, countHitWindow, uncountHit } from '../limits/counter';
import { readinessCheck, type ReadyOptions } from '../operator/ready';
import { retryOutbox, retryOwedMails } from '../operator/retry';
import { operatorStatus } from '../operator/status';
import { sameToken } from '../operator/token';

export { OPERATOR_TOKEN_MIN } from '../operator/token';

export const OPERATOR_TEXTS = {
  notReady: 'Der Server ist gerade nicht bereit (keine Verbindung zur Datenbank). Bitte gleich noch einmal versuchen.',
  draining: 'Der Server wird gerade beendet und nimmt keine neuen Anfragen mehr an. Bitte gleich noch einmal versuchen.',
  unauthorized: 'Für diesen Aufruf fehlt die Berechtigung: Authorization: Bearer <OPERATOR_TOKEN>.',
  tooMany: 'Zu viele fehlgeschlagene Anmeldeversuche von dieser Adresse – bitte später erneut versuchen.',
  badBody: 'Bitte ein JSON-Objekt senden: {} für alle fehlgeschlagenen Einträge oder z. B. {"ids": [12, 13]}.',
  badOwedBody: 'Bitte ein JSON-Objekt senden: {} für alle fehlgeschlagenen Bestellungen oder z. B. {"seqs": [12, 13]}.',
  badList: 'Bitte eine Liste von 1 bis 1000 ganzen Zahlen ab 1 angeben.',
} as const;

export interface OperatorOptions {
  /** OPERATOR_TOKEN (set: the routes exist) */
  token: string;
  /** the outbox worker's run now (OrderService.kick) */
  kick: () => void;
  /** failed attempts per client in `windowMs` (default 20 per 15 minutes) */
  failLimit?: { perClient: number; windowMs: number };
  /** TRUST_PROXY set, and the first request through a proxy it does not name (server/clientIp.ts) */
  proxy?: { trusted: boolean; watch: ProxyWatch };
}

/** What the status says of the proxies in front of the server. */
export interface ProxyStatus {
  /** TRUST_PROXY is set */
  trustProxy: boolean;
  /** without TRUST_PROXY: the first request of this process with X-Forwarded-For from a private address (a balancer in front) */
  untrustedProxy: ProxyHint | null;
}

const numbers = v.pipe(
  v.array(v.pipe(v.number(OPERATOR_TEXTS.badList), v.integer(OPERATOR_TEXTS.badList), v.minValue(1, OPERATOR_TEXTS.badList), v.maxValue(Number.MAX_SAFE_INTEGER, OPERATOR_TEXTS.badList)), OPERATOR_TEXTS.badList),
  v.minLength(1, OPERATOR_TEXTS.badList), v.maxLength(1000, OPERATOR_TEXTS.badList),
);
const IdsBody = v.strictObject({ ids: v.optional(numbers) }, OPERATOR_TEXTS.badBody);
const SeqsBody = v.strictObject({ seqs: v.optional(numbers) }, OPERATOR_TEXTS.badOwedBody);

/** The retry's body: none means {}; anything but a JSON object is `message`, before the schema names a key of it. */
async function retryBody<S extends typeof IdsBody | typeof SeqsBody>(c: Context, schema: S, message: string): Promise<v.InferOutput<S>> {
  const body = (await readJson(c, { optional: true })) ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'invalid_body', message);
  return validate(schema, body, 'invalid_body');
}

/** /healthz and /readyz (public). */
export function healthRoutes(ctx: ServerContext, ready: ReadyOptions = {}): Hono {
  const app = new Hono();
  const isReady = readinessCheck(ctx.db, ready);
  app.get('/healthz', (c) => c.text('ok', 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    // a process that shuts down says so at once (server/shutdown.ts): the balancer sends no new guests
    if (ctx.shutdown?.aborted) return c.json({ status: 'draining', message: OPERATOR_TEXTS.draining }, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
    return (await isReady())
      ? c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' })
      : c.json({ status: 'unavailable', message: OPERATOR_TEXTS.notReady }, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
  });
  return app;
}

/** /api/operator/… behind the operator's bearer token. */
export function operatorRoutes(ctx: ServerContext, opts: OperatorOptions): Hono {
  const app = new Hono();
  const limit = opts.failLimit ?? { perClient: 20, windowMs: 15 * 60_000 };

  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const client = clientKey(clientIp(c));
    // counted before the comparison (concurrent guesses are bounded too) and taken back on success, in
    // the database: the bound holds across processes
    const { count, resetTime } = await countHitWindow(ctx.db, 'operator-auth', client, limit.windowMs, ctx.now());
    if (count > limit.perClient) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - ctx.now().getTime()) / 1000))));
      throw new HttpError(429, 'too_many_requests', OPERATOR_TEXTS.tooMany);
    }
    const given = bearerOf(c.req.header('authorization'));
    if (given === null || !sameToken(given, opts.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'unauthorized', OPERATOR_TEXTS.unauthorized);
    }
    await uncountHit(ctx.db, 'operator-auth', client);
    await next();
  });

  app.get('/status', async (c) => {
    const proxy: ProxyStatus = { trustProxy: opts.proxy?.trusted ?? false, untrustedProxy: opts.proxy?.watch.seen() ?? null };
    return c.json({ ...(await operatorStatus(ctx.db, ctx.now())), proxy });
  });

  app.post('/owed-mails/retry', async (c) => {
    const { seqs } = await retryBody(c, SeqsBody, OPERATOR_TEXTS.badOwedBody);
    const put = await retryOwedMails(ctx.db, seqs ?? null);
    if (put.length) opts.kick();
    return c.json({ retried: put.length, seqs: put });
  });
  for (const [path, table] of [['mails', 'outbox_mails'], ['webhooks', 'webhook_deliveries']] as const) {
    app.post(`/${path}/retry`, async (c) => {
      const { ids } = await retryBody(c, IdsBody, OPERATOR_TEXTS.badBody);
      const put = await retryOutbox(ctx.db, table, ids ?? null);
      if (put.length) opts.kick();
      return c.json({ retried: put.length, ids: put });
    });
  }
  return app;
}
