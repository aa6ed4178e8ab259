// The table calls (dineintable) and the waiter session. Unlike the public shop calls these carry
// the waiter's session cookie (credentials: 'include'); the server authorises every one of them.
import { ofetch } from 'ofetch';
import * as v from '@shared/domain/valibot';
import { getApiConfig, toApiError } from '@shared/api';
import { type SubmitResponseInEuro, submitResponseFromEuro } from '@shared/checkout';
import { euroToCents, type OrderSubmission, type SubmitResponse } from '@shared/domain';
import { SubmitResponseSchema } from '@shared/domain/calls';
import type { TableData } from './rules';

const euro = v.pipe(v.number(), v.finite());

/** GET /dineintable/{table}: money in euro on the wire, cents here. */
export const TableAnswerSchema = v.object({
  table: v.pipe(v.number(), v.integer(), v.minValue(1)),
  groups: v.array(
    v.object({
      id: v.string(),
      items: v.array(
        v.object({
          id: v.string(),
          amount: v.pipe(v.number(), v.integer()),
          dishName: v.string(),
          price: euro,
          refunded: v.optional(euro, 0),
          dishId: v.nullish(v.string(), null),
          sizeId: v.nullish(v.string(), null),
        }),
      ),
    }),
  ),
});

export function tableDataFromAnswer(raw: unknown): TableData {
  const a = v.parse(TableAnswerSchema, raw);
  return {
    table: a.table,
    groups: a.groups.map((g) => ({
      id: g.id,
      items: g.items.map((i) => ({ ...i, price: euroToCents(i.price), refunded: euroToCents(i.refunded) })),
    })),
  };
}

async function call<T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  const { shopBase, timeout } = getApiConfig();
  try {
    return await ofetch<T>(`${shopBase}${path}`, {
      method: opts.method ?? 'GET',
      body: opts.body as Record<string, unknown> | undefined,
      credentials: 'include',
      retry: 0,
      timeout,
    });
  } catch (e) {
    throw toApiError(e);
  }
}

export interface WaiterStatus {
  waiter: boolean;
  /** ISO end of the session (the shop's midnight) */
  until: string | null;
}

/** POST /dineintable/waiter {password}: 200 sets the session cookie; 401 wrong password, 429 too many tries. */
export function loginWaiter(password: string): Promise<WaiterStatus> {
  return call<WaiterStatus>('/dineintable/waiter', { method: 'POST', body: { password } });
}

/** GET /dineintable/waiter: is the cookie's session still valid? */
export function waiterStatus(): Promise<WaiterStatus> {
  return call<WaiterStatus>('/dineintable/waiter');
}

/** DELETE /dineintable/waiter: ends the session. */
export function logoutWaiter(): Promise<WaiterStatus> {
  return call<WaiterStatus>('/dineintable/waiter', { method: 'DELETE' });
}

/** GET /dineintable/{table} (waiter only). */
export async function fetchTable(table: number): Promise<TableData> {
  return tableDataFromAnswer(await call<unknown>(`/dineintable/${encodeURIComponent(String(table))}`));
}

/** GET /dineintable/{table}/clear → 'OK' (waiter only). */
export async function clearTableHistory(table: number): Promise<boolean> {
  const r = await call<unknown>(`/dineintable/${encodeURIComponent(String(table))}/clear`);
  return typeof r === 'string' && r.trim() === 'OK';
}

/** POST /order with the waiter's cookie (pay-later table orders and refunds). */
export async function submitTableOrder(submission: OrderSubmission, idempotencyKey: string): Promise<SubmitResponse> {
  const { shopBase, timeout } = getApiConfig();
  try {
    const raw = await ofetch<unknown>(`${shopBase}/order`, {
      method: 'POST',
      body: { ...submission, idempotencyKey } as unknown as Record<string, unknown>,
      headers: { 'Idempotency-Key': idempotencyKey },
      credentials: 'include',
      retry: 0,
      timeout,
    });
    return v.parse(SubmitResponseSchema, submitResponseFromEuro(raw as SubmitResponseInEuro));
  } catch (e) {
    throw toApiError(e);
  }
}
