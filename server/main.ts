// Starts the shop server (PORT, default 8080) and the example pages server (EXAMPLES_PORT, 8081).
//   tsx server/main.ts [--data FILE] [--port N] [--examples-port N] [--dist DIR]
// Env: SMTP_URL, OUTBOX_DIR, ORDER_WEBHOOK_SECRET, STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET, PAYPAL_*, … (docs/api.md),
//      TISCHLEIN_DATA, DATABASE_URL (PostgreSQL; DATABASE_POOL_MAX connections, default 10) or DATA_DIR (PGlite folder, default .data/pglite),
//      TISCHLEIN_SECRET_KEY (32 bytes base64: the shops' secrets at rest),
//      TRUST_PROXY (proxy hops or addresses in front: X-Forwarded-For; server/clientIp.ts),
//      PUBLIC_ORIGIN, TISCHLEIN_DIST (built assets, default dist), TISCHLEIN_TILE_URL,
//      TISCHLEIN_TILE_CACHE (folder of cached upstream tiles, default .data/tiles),
//      TISCHLEIN_GEOCODER (gazetteer | photon | nominatim) with TISCHLEIN_GEOCODER_URL, _USER_AGENT, _TIMEOUT_MS,
//      TISCHLEIN_TEST_CLOCK=1 (browser tests: `?at=` moves the clock of a request),
//      TISCHLEIN_DEVICE_WATCH=0 (browser tests: no shop stops for want of a staff device; refused in production), ORDER_WATCH_INTERVAL_MS,
//      NODE_ENV=production (refuses to start with a development default: server/production.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type OrderWatch } from './app';
import { parseTrustProxy, TrustProxyError } from './clientIp';
import { DataFileError, loadDataFile } from './data/load';
import { geocoderFromEnv } from './geo';
import { createExamplesApp } from './examples';
import { createPaymentRegistry, realProviderOf } from './payments';
import { isProduction, productionProblems, secretKeyProblems, simulatedShops } from './production';
import { importSettingsSecrets, SecretKeyError, secretKeyFromEnv, shopsWithSecrets } from './secrets';
import { dataDirOf, migrate, openDb, pruneTracking } from './db';
import { SERVER_DIR } from './here';
import { createEventHub } from './staff/events';
import { DEMO_STAFF, demoStaffProblems, seedDemoStaff } from './staff/demo';
import { runOnce } from './limits/lease';
import { PROCESS_ID } from './outbox/claim';
import { createShopRepository } from './shops/repository';
import { importAtStart, readGazetteer } from './shops/store';
import { databaseTransport, folderTransport, smtpTransport } from './outbox/mail';
import type { OrderService } from './routes/order';

const ROOT = resolve(SERVER_DIR, '..');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : undefined;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name}: expected a port number, got '${value}'`);
    process.exit(1);
  }
  return n;
}

async function main() {
  // the shops live in the database; this file seeds an empty one (and, given explicitly in development, updates its shops)
  const givenFile = arg('data') ?? (process.env.TISCHLEIN_DATA || undefined);
  const dataFile = resolve(givenFile ?? resolve(ROOT, 'examples/data/shops.json'));
  const shopPort = port(arg('port') ?? process.env.PORT, 8080, 'PORT');
  const examplesPort = port(arg('examples-port') ?? process.env.EXAMPLES_PORT, 8081, 'EXAMPLES_PORT');
  const distDir = resolve(ROOT, arg('dist') ?? process.env.TISCHLEIN_DIST ?? 'dist');
  const examplesDir = resolve(ROOT, 'examples');

  const readData = async () => {
    try {
      return await loadDataFile(dataFile);
    } catch (e) {
      if (e instanceof DataFileError) {
        console.error(e.message);
        process.exit(1);
      }
      throw e;
    }
  };

  let trustProxy;
  try {
    trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  } catch (e) {
    if (!(e instanceof TrustProxyError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  const production = isProduction(process.env);

  const databaseUrl = process.env.DATABASE_URL;
  // 'memory', 'memory:' or 'memory://' keep everything in memory (e2e, CI)
  const dataDir = dataDirOf(process.env.DATA_DIR, resolve(ROOT, '.data/pglite'));
  let db;
  try {
    db = await openDb(databaseUrl ? { databaseUrl, poolMax: Number(process.env.DATABASE_POOL_MAX) || undefined } : { dataDir });
  } catch (e) {
    console.error(`cannot open the database (${databaseUrl ? 'DATABASE_URL' : dataDir}): ${(e as Error).message}`);
    process.exit(1);
  }
  const applied = await migrate(db);
  // An empty database gets the data file (the demo by default). A database with shops keeps them:
  // in development a file given with --data / TISCHLEIN_DATA updates its shops at every start;
  // production never imports over existing shops (npm run shop -- import FILE does, on purpose).
  const { existing, imported } = await importAtStart(db, readData, Boolean(givenFile) && !production);
  let dataNote: string;
  if (imported) {
    dataNote = `${existing === 0 ? 'seeded from' : 'updated from'} ${dataFile}: ${imported.shops} shops, ${imported.coupons} coupons`;
  } else {
    dataNote = `${existing} shops in the database`;
    if (givenFile) console.warn(`data file ${dataFile} not imported: the database has ${existing} shops (production). Use \`npm run shop -- import FILE\`.`);
  }
  const shops = createShopRepository(db);
  const stopListening = await shops.listen();
  const gazetteer = await readGazetteer(db);
  if (!gazetteer) {
    console.error('the database has no gazetteer: import a data file (npm run shop -- import FILE)');
    process.exit(1);
  }
  const configs = { shops: await shops.allConfigs() };
  if (production) {
    const problems = productionProblems(process.env, configs);
    if (problems.length) {
      console.error(`production mode (NODE_ENV=production) refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
  }
  // the shops' own secrets: encrypted with TISCHLEIN_SECRET_KEY (development: the public dev key)
  let secretKey: Buffer | null;
  try {
    secretKey = secretKeyFromEnv(process.env, production);
    const problems = production ? secretKeyProblems(process.env, await shopsWithSecrets(db)) : [];
    if (problems.length) throw new SecretKeyError(problems.join('\n  - '));
    // a data file imported at this start brings its shops' secrets (stored encrypted, not in shop_settings)
    if (imported) await importSettingsSecrets(db, secretKey, (await readData()).settings?.values() ?? []);
  } catch (e) {
    if (!(e instanceof SecretKeyError)) throw e;
    console.error(production ? `production mode (NODE_ENV=production) refuses to start:\n  - ${e.message}` : e.message);
    process.exit(1);
  }
  // the demo shop's staff login: seeded in development, refused in production (server/staff/demo.ts)
  if (production) {
    const demo = await demoStaffProblems(db);
    if (demo.length) {
      console.error(`production mode (NODE_ENV=production) refuses to start:\n${demo.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
  } else if (await seedDemoStaff(db, configs.shops.keys())) {
    console.log(`demo staff login (development only): ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  }
  const events = createEventHub(db, (e) => console.error('[tischlein] events:', e));
  if (!process.env.TISCHLEIN_SECRET_KEY && !production) console.warn('warning: TISCHLEIN_SECRET_KEY is not set — shop secrets are encrypted with the public development key.');
  // tracking rows are kept for a while, not forever; pruned by one process per installation and
  // hour (whichever holds the lease: server/limits/lease.ts)
  const prune = () => runOnce(db, 'prune-tracking', PROCESS_ID, 55 * 60 * 1000, new Date(), () => pruneTracking(db))
    .catch((e) => console.error('[tischlein] pruning tracking rows failed', e));
  await prune();
  setInterval(prune, 60 * 60 * 1000).unref();

  const hasDist = existsSync(distDir);
  if (!hasDist) console.warn(`warning: ${distDir} is missing — widgets are not served until \`npm run build\` ran.`);
  const publicOrigin = (process.env.PUBLIC_ORIGIN ?? `http://localhost:${shopPort}`).replace(/\/$/, '');
  // Mail: SMTP_URL (nodemailer) or, in development, .eml files in DATA_DIR/../outbox (memory: the database only)
  const mailTransport = process.env.SMTP_URL
    ? await smtpTransport(process.env.SMTP_URL)
    : dataDir === 'memory' && !databaseUrl ? databaseTransport : folderTransport(resolve(process.env.OUTBOX_DIR ?? resolve(ROOT, '.data/outbox')));
  if (!process.env.ORDER_WEBHOOK_SECRET) console.warn('warning: ORDER_WEBHOOK_SECRET is not set — shop webhooks are signed with the development secret.');
  // Payments: real providers where their keys are set; the simulated one for every other online
  // method in development (said here, method by method), only for named shops in production.
  const payments = createPaymentRegistry(process.env, {
    simSecret: process.env.SIMULATED_PAYMENT_SECRET || undefined,
    simulatedFor: production ? simulatedShops(configs) : 'all',
  });
  const simulatedMethods = new Set<string>();
  for (const shop of configs.shops.values()) {
    for (const m of shop.config.paymentMethods) {
      if (realProviderOf(m) !== null && payments.forMethod(m, shop.config.id)?.name === 'simulated') simulatedMethods.add(m);
    }
  }
  if (simulatedMethods.size) console.warn(`payments: simulated provider (no money moves) for ${[...simulatedMethods].sort().join(', ')}`);
  // the example pages (development only) live on another origin: payments and login links may lead back to them
  const examplesOrigins = production ? [] : [`http://localhost:${examplesPort}`, `http://127.0.0.1:${examplesPort}`];
  let geocoder;
  try {
    geocoder = geocoderFromEnv(process.env);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  if (geocoder) console.log(`geocoder: ${geocoder.name} (${process.env.TISCHLEIN_GEOCODER_URL}); the postal-code table beyond it`);
  let orderService: OrderService | null = null;
  let orderWatch: OrderWatch | null = null;
  const app = createApp({
    geocoder,
    shops,
    gazetteer,
    db,
    production,
    orders: { mailTransport, payments, webhookSecret: process.env.ORDER_WEBHOOK_SECRET || undefined, secretKey },
    onOrderService: (s) => {
      orderService = s;
    },
    onOrderWatch: (w) => {
      orderWatch = w;
    },
    distDir: hasDist ? distDir : null,
    publicOrigin,
    linkOrigins: examplesOrigins,
    tileUrl: process.env.TISCHLEIN_TILE_URL || null,
    testClock: process.env.TISCHLEIN_TEST_CLOCK === '1',
    reportToken: process.env.TISCHLEIN_REPORT_TOKEN || null,
    operatorToken: process.env.OPERATOR_TOKEN || null,
    tileCacheDir: process.env.TISCHLEIN_TILE_CACHE || resolve(ROOT, '.data/tiles'),
    trustProxy,
    events,
  });

  // The example pages embed the widgets from this shop server, wherever it runs (development only).
  const firstFranchiseShop = [...configs.shops.values()].find((s) => s.config.franchiseId)?.config.id ?? 'demo';
  const examples = production ? null : createExamplesApp({ examplesDir, shopOrigin: publicOrigin, franchiseShop: firstFranchiseShop });

  // Memory at rest (docs/decisions.md "Memory at rest"): started with --expose-gc
  // (npm run serve), the start's garbage (PGlite's template, migrations) and a load's are
  // collected once the server has been idle for 5 s; V8 alone leaves them until it allocates again.
  const gc = (globalThis as { gc?: () => void }).gc;
  let lastRequest = 0;
  if (gc) {
    gc();
    setInterval(() => {
      if (lastRequest && Date.now() - lastRequest > 5000) {
        lastRequest = 0;
        gc();
      }
    }, 5000).unref();
  }
  const fetchApp: typeof app.fetch = (req, ...rest) => {
    lastRequest = Date.now();
    return app.fetch(req, ...rest);
  };
  const shopServer = serve({ fetch: gc ? fetchApp : app.fetch, port: shopPort }, (info) => {
    console.log(`shop API and widgets: http://localhost:${info.port}  (data: ${dataNote})`);
  });
  const examplesServer = examples
    ? serve({ fetch: examples.fetch, port: examplesPort }, (info) => {
      console.log(`example pages:        http://localhost:${info.port}`);
    })
    : null;
  for (const [server, p] of [[shopServer, shopPort], ...(examplesServer ? [[examplesServer, examplesPort] as const] : [])] as const) {
    server.on('error', (e: NodeJS.ErrnoException) => {
      console.error(e.code === 'EADDRINUSE' ? `port ${p} is in use (set PORT / EXAMPLES_PORT)` : e);
      process.exit(1);
    });
  }
  console.log(`database: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${dataDir === 'memory' ? 'in memory' : `in ${dataDir}`}`}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);

  const stopWorker = (orderService as OrderService | null)?.startWorker(Number(process.env.OUTBOX_INTERVAL_MS) || 2000);
  // no order falls through: unanswered orders refused, failed refunds retried, shops without a
  // device stopped — by whichever process holds the lease (server/staff/watch.ts)
  const stopWatch = (orderWatch as OrderWatch | null)?.start({
    intervalMs: Number(process.env.ORDER_WATCH_INTERVAL_MS) || undefined,
    deviceWatch: process.env.TISCHLEIN_DEVICE_WATCH !== '0',
  });
  console.log(`mode: ${production ? 'production (NODE_ENV=production)' : 'development'}, public origin ${publicOrigin}`);
  console.log(`outbox: ${mailTransport.kind === 'smtp' ? 'SMTP' : mailTransport.kind === 'folder' ? 'folder .data/outbox' : 'database'}${production ? '' : ', listed at /outbox (development only)'}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopWorker?.();
    stopWatch?.();
    void stopListening();
    shopServer.close();
    examplesServer?.close();
    void events.close();
    db!.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
