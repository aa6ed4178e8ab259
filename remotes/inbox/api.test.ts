import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { StaffApiError, staffApi, staffBase, staffCaller } from './api';
import { kitchenApi } from './kitchen/api';
import { tablesApi } from './tables/api';
import { embedApi, hoursApi, settingsApi } from './settings/api';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Records each request and answers with `status` and `json`. */
function fakeFetch(status: number, json: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

describe('one caller for every section of the staff API', () => {
  it('the base path encodes the shop id', () => {
    expect(staffBase('demo')).toBe('/api/staff/demo');
    expect(staffBase('a/b')).toBe('/api/staff/a%2Fb');
  });

  it('sends a body as JSON with the session cookie, and extra headers', async () => {
    const calls = fakeFetch(200, { ok: true });
    await expect(staffCaller('/api/staff/demo')('PUT', '/x', { a: 1 }, { 'Idempotency-Key': 'k-12345678' })).resolves.toEqual({ ok: true });
    expect(calls).toEqual([{
      url: '/api/staff/demo/x',
      init: { method: 'PUT', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-12345678' }, body: '{"a":1}' },
    }]);
  });

  it('a refusal throws the server’s German message with its status; no JSON: a German sentence with the status', async () => {
    fakeFetch(409, { error: 'no_printer', message: 'Es ist noch kein Drucker eingerichtet.' });
    const refused = await staffCaller('/b')('POST', '/orders/1/print', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StaffApiError);
    expect(refused).toMatchObject({ status: 409, message: 'Es ist noch kein Drucker eingerichtet.' });
    globalThis.fetch = jest.fn(async () => new Response('kaputt', { status: 502 })) as typeof fetch;
    const err = await staffCaller('/b')('GET', '/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffApiError);
    expect(err).toMatchObject({ status: 502, message: 'Der Server konnte das gerade nicht erledigen (Fehler 502). Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.' });
  });

  it('no answer at all (offline): a German StaffApiError, never the browser’s “Failed to fetch”', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const offline = 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.';
    for (const call of [
      () => staffApi('demo').accept('o1', 30),
      () => settingsApi('/api/staff/demo').saveLook({ primary: '#1d4ed8', accent: '#1d4ed8', logo: null, header: null }),
      () => hoursApi('/api/staff/demo').get(),
      () => embedApi('/api/staff/demo').saveOrigins(['https://pizza.example']),
      () => tablesApi('demo').list(),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StaffApiError);
      expect(err).toMatchObject({ status: 0, message: offline });
    }
  });

  it('the orders, kitchen and tables APIs all go through it', async () => {
    const calls = fakeFetch(200, { tables: [], waiterPassword: false, printers: [], user: null });
    await staffApi('demo').logout();
    await kitchenApi('demo').removePrinter('p1');
    await tablesApi('/api/staff/demo').list();
    expect(calls.map((c) => `${c.init.method} ${c.url} ${c.init.credentials}`)).toEqual([
      'POST /api/staff/demo/logout same-origin',
      'DELETE /api/staff/demo/printers/p1 same-origin',
      'GET /api/staff/demo/tables same-origin',
    ]);
  });
});
