// Test helpers: the app over an in-memory PGlite with the demo data (not a test file itself).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp, type AppOptions } from './app';
import { loadDataFile, type ShopData } from './data/load';
import { migrate, openDb, type Db } from './db';
import { SERVER_DIR } from './here';
import { createShopRepository, type ShopRepository } from './shops/repository';
import { importShopData } from './shops/store';
import { renderOwedMails } from './orders/owedMails';

export const DEMO_DATA = join(SERVER_DIR, '..', 'examples', 'data', 'shops.json');
/** Tuesday 24.11.2026, 12:00 in Berlin: the demo shop is open */
export const TUESDAY_NOON = new Date('2026-11-24T11:00:00Z');

export interface TestServer {
  app: Hono;
  db: Db;
  /** the data as imported; change it through update() */
  data: ShopData;
  shops: ShopRepository;
  /** The outbox worker's render step (server/orders/owedMails.ts): the orders' owed mails into outbox_mails; returns the rows taken. */
  renderMails(): Promise<number>;
  /** Changes the data and imports it again (what `npm run shop -- import` does), then drops the cache. */
  update(fn: (data: ShopData) => void): Promise<void>;
  close(): Promise<void>;
}

export async function createTestServer(opts: Partial<AppOptions> & { dataFile?: string; data?: ShopData } = {}): Promise<TestServer> {
  const { data: given, dataFile, ...appOpts } = opts;
  const data = given ?? (await loadDataFile(dataFile ?? DEMO_DATA));
  const db = opts.db ?? (await openDb());
  await migrate(db);
  await importShopData(db, data);
  const shops = opts.shops ?? createShopRepository(db);
  const now = appOpts.now ?? (() => TUESDAY_NOON);
  const app = createApp({
    now,
    testClock: true,
    logError: process.env.DEBUG_ERRORS ? (e) => console.error(e) : () => undefined,
    gazetteer: data.gazetteer,
    ...appOpts,
    shops,
    db,
  });
  return {
    app,
    db,
    data,
    shops,
    renderMails: () => renderOwedMails({ db, shops, now }, { logError: () => undefined }),
    async update(fn) {
      fn(data);
      await importShopData(db, data);
      shops.invalidate();
    },
    close: () => db.close(),
  };
}

/**
 * How `npm run serve` starts the server: node's arguments from package.json (the memory flags,
 * docs/decisions.md "Memory at rest"), so tests and benchmarks start it the same way.
 */
function serveWords(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(readFileSync(join(SERVER_DIR, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.serve.split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const word = words.shift()!;
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  if (words[0] !== 'node') throw new Error(`package.json scripts.serve: expected '[NAME=value …] node …', got '${pkg.scripts.serve}'`);
  return { env, args: words.slice(1) };
}

export function serveArgs(): string[] {
  return serveWords().args;
}

/** The environment variables `npm run serve` sets before node (glibc's malloc settings: docs/decisions.md, "Memory at rest"). */
export function serveEnv(): Record<string, string> {
  return serveWords().env;
}
