// The login state: start (token from the fragment, the cookie and storage), a 401 logs out with the spec's message, logout clears all.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { configureApi } from '@shared/api';
import { resetApi } from '@shared/api/client';
import { local } from '@shared/stores';
import { $accountDialog, $justLoggedIn, $token, $user, clearLogin, logout, openAccountDialog, saveName, setAccountEnv, startAccount } from './store';
import { TOKEN_NAME } from './rules';

const T1 = 'a'.repeat(43);
let cookie = '';
let url = 'https://shop.test/';
const calls: { url: string; auth: string | null; method: string }[] = [];
let userStatus = 200;

const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const u = String(input instanceof Request ? input.url : input);
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  calls.push({ url: u, auth: headers.get('authorization'), method: init?.method ?? 'GET' });
  if (u.endsWith('/user/info')) {
    return userStatus === 200
      ? new Response(JSON.stringify({ id: 'u1', email: 'erika@example.de', firstName: 'Erika', lastName: 'Muster', birthday: null, advertisement: true, address: null }), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401, headers: { 'Content-Type': 'application/json' } });
  }
  if (u.endsWith('/user/name')) return new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401, headers: { 'Content-Type': 'application/json' } });
  return new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

beforeEach(() => {
  cookie = '';
  url = 'https://shop.test/';
  calls.length = 0;
  userStatus = 200;
  local.remove(TOKEN_NAME);
  globalThis.fetch = fakeFetch;
  configureApi({ origin: 'https://shop.test', shopId: 'demo', fetch: fakeFetch });
  setAccountEnv({
    getCookie: () => cookie,
    setCookie: (v) => {
      const [pair] = v.split(';');
      cookie = pair.endsWith('=') ? '' : pair;
    },
    href: () => url,
    replaceUrl: (u) => {
      url = u;
    },
    secure: () => true,
  });
  clearLogin();
});
afterEach(() => {
  resetApi();
  setAccountEnv(null);
});

describe('start', () => {
  it('only the cookie: copied to the storage, justLoggedIn, the user loaded with Bearer', async () => {
    cookie = `${TOKEN_NAME}=${T1}`;
    await startAccount();
    expect(local.get(TOKEN_NAME)).toBe(T1);
    expect($token.get()).toBe(T1);
    expect($justLoggedIn.get()).toBe(true);
    expect($user.get()).toMatchObject({ email: 'erika@example.de' });
    expect(calls[0]).toMatchObject({ auth: `Bearer ${T1}` });
  });

  it('cookie and storage equal: logged in, not just logged in', async () => {
    cookie = `${TOKEN_NAME}=${T1}`;
    local.set(TOKEN_NAME, T1);
    await startAccount();
    expect($justLoggedIn.get()).toBe(false);
    expect($user.get()).not.toBeNull();
  });

  it('a token handed over in the fragment is stored on this page and leaves the URL', async () => {
    url = `https://restaurant.test/karte#${TOKEN_NAME}=${T1}`;
    await startAccount();
    expect(url).toBe('https://restaurant.test/karte');
    expect(cookie).toBe(`${TOKEN_NAME}=${T1}`);
    expect(local.get(TOKEN_NAME)).toBe(T1);
    expect($justLoggedIn.get()).toBe(true);
  });

  it('a 401 from user/info logs "Token is expired or invalid." and logs out, nothing thrown', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    cookie = `${TOKEN_NAME}=${T1}`;
    local.set(TOKEN_NAME, T1);
    userStatus = 401;
    await expect(startAccount()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Token is expired or invalid.');
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect(local.get(TOKEN_NAME)).toBeNull();
    expect(cookie).toBe('');
    warn.mockRestore();
  });
});

describe('logout and 401 on a save', () => {
  it('logout clears user, token, dialog, cookie and storage and ends the session', async () => {
    cookie = `${TOKEN_NAME}=${T1}`;
    await startAccount();
    openAccountDialog('account');
    logout();
    expect([$user.get(), $token.get(), $accountDialog.get(), local.get(TOKEN_NAME), cookie]).toEqual([null, null, null, null, '']);
    await Promise.resolve();
    expect(calls.some((c) => c.url.endsWith('/auth/logout') && c.auth === `Bearer ${T1}`)).toBe(true);
  });

  it('a 401 on a save logs out like user/info does', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    cookie = `${TOKEN_NAME}=${T1}`;
    await startAccount();
    const r = await saveName('A', 'B');
    expect(r).toMatchObject({ ok: false, unauthorized: true });
    expect(warn).toHaveBeenCalledWith('Token is expired or invalid.');
    expect($user.get()).toBeNull();
    warn.mockRestore();
  });
});
