// The staff API's tables (docs/api.md "Staff API: tables"): same origin, the session cookie.
import { tableDataFromAnswer, type ShopTable, type TableData } from '@shared/table';
import { staffCaller } from '../api';

export interface TablesState {
  tables: ShopTable[];
  waiterPassword: boolean;
}

export function tablesApi(base: string) {
  const call = staffCaller(base);
  const table = (n: number) => `/tables/${encodeURIComponent(String(n))}`;
  return {
    qrSheetUrl: `${base}/tables/qr`,
    qrUrl: (n: number) => `${base}${table(n)}/qr.svg`,
    list: () => call<TablesState>('GET', '/tables'),
    add: (number: number | null, name: string) => call<{ table: ShopTable }>('POST', '/tables', { number, name }),
    rename: (n: number, name: string) => call<{ table: ShopTable }>('PUT', table(n), { name }),
    remove: (n: number) => call<{ table: ShopTable }>('DELETE', table(n)),
    history: async (n: number): Promise<TableData> => tableDataFromAnswer(await call<unknown>('GET', `${table(n)}/history`)),
    clear: async (n: number): Promise<TableData> => tableDataFromAnswer((await call<{ table: unknown }>('POST', `${table(n)}/clear`, {})).table),
    /** one key per refund: a retry after a lost answer books it once */
    refund: async (n: number, itemId: string, amount: number, key: string): Promise<TableData> =>
      tableDataFromAnswer((await call<{ table: unknown }>('POST', `${table(n)}/refunds`, { itemId, amount }, { 'Idempotency-Key': key })).table),
    setWaiterPassword: (password: string) => call<{ waiterPassword: boolean }>('PUT', '/waiter-password', { password }),
    removeWaiterPassword: () => call<{ waiterPassword: boolean }>('DELETE', '/waiter-password'),
  };
}
export type TablesApi = ReturnType<typeof tablesApi>;
