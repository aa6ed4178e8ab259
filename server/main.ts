// Starts the shop server (PORT, default 8080) and the example pages server (EXAMPLES_PORT, 8081).
//   tsx server/main.ts [--data FILE] [--port N] [--examples-port N] [--dist DIR]
// Env: TISCHLEIN_DATA, DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default .data/pglite),
//      TISCHLEIN_ALLOWED_ORIGINS (comma-separated), PUBLIC_ORIGIN, DIST_DIR, TISCHLEIN_TILE_URL,
//      TISCHLEIN_TILE_CACHE (folder of cached upstream tiles, default .data/tiles).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, parseOrigins } from './app';
import { compressResponses } from './compress';
import { DataFileError, loadDataFile } from './data/load';
import { migrate, openDb } from './db';
import { SERVER_DIR } from './here';
import { seedDatabase } from './seed';
import { createStaticHandler } from './static';

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
  const dataFile = resolve(arg('data') ?? process.env.TISCHLEIN_DATA ?? resolve(ROOT, 'examples/data/shops.json'));
  const shopPort = port(arg('port') ?? process.env.PORT, 8080, 'PORT');
  const examplesPort = port(arg('examples-port') ?? process.env.EXAMPLES_PORT, 8081, 'EXAMPLES_PORT');
  const distDir = resolve(arg('dist') ?? process.env.DIST_DIR ?? resolve(ROOT, 'dist'));
  const examplesDir = resolve(ROOT, 'examples');

  let data;
  try {
    data = await loadDataFile(dataFile);
  } catch (e) {
    if (e instanceof DataFileError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const databaseUrl = process.env.DATABASE_URL;
  // 'memory', 'memory:' or 'memory://' keep everything in memory (e2e, CI)
  const dataDir = /^memory(:(\/\/)?)?$/.test(process.env.DATA_DIR ?? '')
    ? 'memory'
    : resolve(process.env.DATA_DIR ?? resolve(ROOT, '.data/pglite'));
  let db;
  try {
    db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (e) {
    console.error(`cannot open the database (${databaseUrl ? 'DATABASE_URL' : dataDir}): ${(e as Error).message}`);
    process.exit(1);
  }
  const applied = await migrate(db);
  const seeded = await seedDatabase(db, data);

  const hasDist = existsSync(distDir);
  if (!hasDist) console.warn(`warning: ${distDir} is missing — widgets are not served until \`npm run build\` ran.`);
  const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${shopPort}`;
  const app = createApp({
    data,
    db,
    distDir: hasDist ? distDir : null,
    allowedOrigins: parseOrigins(process.env.TISCHLEIN_ALLOWED_ORIGINS),
    publicOrigin,
    tileUrl: process.env.TISCHLEIN_TILE_URL || null,
    tileCacheDir: process.env.TISCHLEIN_TILE_CACHE || resolve(ROOT, '.data/tiles'),
  });

  const examples = new Hono();
  // The example pages embed the widgets from this shop server, wherever it runs.
  const firstFranchiseShop = [...data.shops.values()].find((s) => s.config.franchiseId)?.config.id ?? 'demo';
  const serveExamples = createStaticHandler({
    root: examplesDir,
    fallback: 'none',
    cors: true,
    transformHtml: (html) =>
      html.replaceAll('__SHOP_ORIGIN__', publicOrigin).replaceAll('__FRANCHISE_SHOP__', firstFranchiseShop),
  });
  examples.use('*', compressResponses);
  examples.get('*', async (c) => (await serveExamples(c.req.raw, new URL(c.req.url).pathname)) ?? c.text('Nicht gefunden.', 404));

  const shopServer = serve({ fetch: app.fetch, port: shopPort }, (info) => {
    console.log(`shop API and widgets: http://localhost:${info.port}  (data: ${dataFile}, ${data.shops.size} shops, ${seeded.coupons} coupons)`);
  });
  const examplesServer = serve({ fetch: examples.fetch, port: examplesPort }, (info) => {
    console.log(`example pages:        http://localhost:${info.port}`);
  });
  for (const [server, p] of [[shopServer, shopPort], [examplesServer, examplesPort]] as const) {
    server.on('error', (e: NodeJS.ErrnoException) => {
      console.error(e.code === 'EADDRINUSE' ? `port ${p} is in use (set PORT / EXAMPLES_PORT)` : e);
      process.exit(1);
    });
  }
  console.log(`database: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${dataDir === 'memory' ? 'in memory' : `in ${dataDir}`}`}${applied.length ? `, applied ${applied.join(', ')}` : ''}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    shopServer.close();
    examplesServer.close();
    db!.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
