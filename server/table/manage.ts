// The owner's changes to the tables and the waiter password (staff app 'Tische'). Both live in the
// shop settings (migration 012): one transaction with the settings row locked, so two owners'
// devices saving at once both count; NOTIFY shop_changed drops every process's cached shop.
import { addTable, removeTable, renameTable, tableList, type ShopTable, type TableChange } from '@shared/table/manage';
import type { ServerContext } from '../context';
import type { DbQuery } from '../db';
import { HttpError } from '../http';
import { readTable } from '../orders/table';
import { SHOP_CHANNEL } from '../shops/store';
import { hashWaiterPassword } from './waiter';

type Settings = Record<string, unknown> & { tables?: number[]; tableNames?: Record<string, string>; waiterPassword?: string | null };

function parse(value: unknown): Settings {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Settings;
}

/** The shop's settings as stored now (not the cache: the owner sees what was saved). */
export async function readSettings(q: DbQuery, shopId: string): Promise<Settings | null> {
  const { rows } = await q.query<{ settings: unknown }>('SELECT settings FROM shop_settings WHERE shop_id = $1', [shopId]);
  return rows[0] ? parse(rows[0].settings) : null;
}

export async function listTables(q: DbQuery, shopId: string): Promise<{ tables: ShopTable[]; waiterPassword: boolean }> {
  const s = await readSettings(q, shopId);
  return { tables: tableList(s), waiterPassword: typeof s?.waiterPassword === 'string' };
}

/** Runs `change` on the locked settings row (created when the shop has none) and stores its result. */
async function changeSettings<T>(ctx: ServerContext, shopId: string, change: (s: Settings, tx: DbQuery) => Promise<{ settings: Settings; result: T }>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    await tx.query('INSERT INTO shop_settings (shop_id, settings) VALUES ($1, $2) ON CONFLICT (shop_id) DO NOTHING', [shopId, JSON.stringify({ shopId })]);
    const { rows } = await tx.query<{ settings: unknown }>('SELECT settings FROM shop_settings WHERE shop_id = $1 FOR UPDATE', [shopId]);
    const out = await change(parse(rows[0].settings), tx);
    await tx.query('UPDATE shop_settings SET settings = $2 WHERE shop_id = $1', [shopId, JSON.stringify(out.settings)]);
    await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, shopId]);
    return out.result;
  });
  // this process at once (the NOTIFY reaches the others, and this one again, at commit)
  ctx.shops.invalidate(shopId);
  return result;
}

function applied(s: Settings, c: TableChange): { settings: Settings; result: ShopTable } {
  if (!c.ok) throw new HttpError(c.status, c.code, c.text);
  const { tableNames, tables } = c.settings;
  const next: Settings = { ...s, tables };
  if (Object.keys(tableNames).length) next.tableNames = tableNames;
  else delete next.tableNames;
  return { settings: next, result: c.table };
}

export function createTable(ctx: ServerContext, shopId: string, number: unknown, name: string): Promise<ShopTable> {
  return changeSettings(ctx, shopId, async (s) => applied(s, addTable(s, number, name)));
}

export function nameTable(ctx: ServerContext, shopId: string, number: number, name: string): Promise<ShopTable> {
  return changeSettings(ctx, shopId, async (s) => applied(s, renameTable(s, number, name)));
}

/** Refused (409) while the table has bookings nobody cleared: what the waiter's history shows. */
export function deleteTable(ctx: ServerContext, shopId: string, number: number): Promise<ShopTable> {
  return changeSettings(ctx, shopId, async (s, tx) => {
    const open = (await readTable(tx, shopId, number)).groups.length > 0;
    return applied(s, removeTable(s, number, open));
  });
}

/** Sets (or with null removes) the waiter password; every waiter session of the shop ends. */
export async function setWaiterPassword(ctx: ServerContext, shopId: string, password: string | null): Promise<void> {
  // scrypt runs before the row is locked
  const hash = password === null ? null : await hashWaiterPassword(password);
  await changeSettings(ctx, shopId, async (s, tx) => {
    await tx.query('DELETE FROM waiter_sessions WHERE shop_id = $1', [shopId]);
    const next: Settings = { ...s };
    if (hash) next.waiterPassword = hash;
    else delete next.waiterPassword;
    return { settings: next, result: undefined };
  });
}
