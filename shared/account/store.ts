// The login state: token, user, justLoggedIn and
// the open account dialog. The token lives under one name as a cookie and in local storage.
import { atom } from 'nanostores';
import type { User, UserAddress } from '@shared/domain';
import { local } from '@shared/stores';
import * as api from './api';
import { readCookie, readStartToken, takeFragmentToken, tokenCookie, TOKEN_NAME } from './rules';
import { TOKEN_INVALID_LOG } from './texts';

export const $token = atom<string | null>(null);
export const $user = atom<User | null>(null);
/** true right after a link signed the guest in (only the cookie had the token) */
export const $justLoggedIn = atom<boolean>(false);
/** which account dialog is open */
export const $accountDialog = atom<'login' | 'account' | null>(null);

export function openAccountDialog(which: 'login' | 'account'): void {
  $accountDialog.set(which);
}
export function closeAccountDialog(): void {
  $accountDialog.set(null);
}

interface Env {
  getCookie(): string;
  setCookie(value: string): void;
  href(): string;
  replaceUrl(url: string): void;
  secure(): boolean;
}

const browserEnv: Env = {
  getCookie: () => (typeof document !== 'undefined' ? document.cookie : ''),
  setCookie: (value) => {
    if (typeof document !== 'undefined') document.cookie = value;
  },
  href: () => (typeof location !== 'undefined' ? location.href : ''),
  replaceUrl: (url) => {
    try {
      history.replaceState(history.state, '', url);
    } catch {
      /* sandboxed */
    }
  },
  secure: () => typeof location !== 'undefined' && location.protocol === 'https:',
};

let env: Env = browserEnv;
let started: Promise<void> | null = null;

/** Tests: another cookie jar / location. */
export function setAccountEnv(e: Partial<Env> | null): void {
  env = e ? { ...browserEnv, ...e } : browserEnv;
  started = null;
}

function storeToken(token: string): void {
  local.set(TOKEN_NAME, token);
  env.setCookie(tokenCookie(token, { secure: env.secure() }));
}

/**
 * Start: a token handed over in the fragment (a restaurant's own page) is stored first; then
 * cookie and storage are read; with a token, user/info loads the user (a 401 logs out).
 * Runs once; later calls wait for the first.
 */
export function startAccount(): Promise<void> {
  if (!started) started = run();
  return started;
}

async function run(): Promise<void> {
  const handed = takeFragmentToken(env.href());
  if (handed) {
    // like a cookie set by the link on the shop's own origin: this page's cookie, not yet in the storage
    env.setCookie(tokenCookie(handed.token, { secure: env.secure() }));
    env.replaceUrl(handed.url);
  }
  const start = readStartToken(readCookie(env.getCookie()), local.get(TOKEN_NAME));
  if (!start.token) return;
  if (start.copyToStorage) local.set(TOKEN_NAME, start.token);
  if (start.copyToCookie) env.setCookie(tokenCookie(start.token, { secure: env.secure() }));
  $token.set(start.token);
  $justLoggedIn.set(start.justLoggedIn);
  let user: User | null;
  try {
    user = await api.userInfo(start.token);
  } catch {
    // network or server trouble: stay logged in with the token, the user loads next time
    return;
  }
  if (!user) return clearLogin();
  if ($token.get() === start.token) $user.set(user);
}

/** Clears user, token, dialog, cookie and storage — here, without a call. */
export function clearLogin(): void {
  $user.set(null);
  $token.set(null);
  $justLoggedIn.set(false);
  $accountDialog.set(null);
  local.remove(TOKEN_NAME);
  env.setCookie(tokenCookie(null, { secure: env.secure() }));
}

/** Logout: ends the session on the server too (best effort) and clears everything. */
export function logout(): void {
  const token = $token.get();
  clearLogin();
  if (token) void api.logoutCall(token).catch(() => undefined);
}

/** Signs in with a token (tests, and a page that got one some other way). */
export function loginWithToken(token: string): Promise<void> {
  storeToken(token);
  started = null;
  return startAccount();
}

export type SaveResult = { ok: true } | { ok: false; message?: string; unauthorized?: boolean };

/** Runs a user call with the token; 401 → logged out (with the spec's console message). */
async function withToken<T>(fn: (token: string) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message?: string; unauthorized?: boolean }> {
  const token = $token.get();
  if (!token) return { ok: false, unauthorized: true };
  try {
    return { ok: true, value: await fn(token) };
  } catch (e) {
    const err = e as api.AccountCallError;
    if (err.status === 401) {
      console.warn(TOKEN_INVALID_LOG);
      clearLogin();
      return { ok: false, unauthorized: true };
    }
    const message = (err.data as { message?: unknown } | null)?.message;
    return { ok: false, message: typeof message === 'string' ? message : undefined };
  }
}

const applyUser = async (fn: (token: string) => Promise<User>): Promise<SaveResult> => {
  const r = await withToken(fn);
  if (!r.ok) return r;
  $user.set({ ...($user.get() ?? r.value), ...r.value });
  return { ok: true };
};

export const saveName = (firstName: string, lastName: string) => applyUser((t) => api.putName(t, firstName.trim(), lastName.trim()));
export const saveBirthday = (date: string | null) => applyUser((t) => api.putBirthday(t, date));
export const saveAddress = (address: UserAddress) => applyUser((t) => api.putAddress(t, address));
export const saveAdvertisement = (subscribe: boolean) => applyUser((t) => api.putAdvertisement(t, subscribe));

export async function loadOrders(): Promise<{ ok: true; orders: api.AccountOrder[] } | { ok: false }> {
  const r = await withToken((t) => api.fetchOrders(t));
  return r.ok ? { ok: true, orders: r.value } : { ok: false };
}

/** 'Konto löschen': after the server deleted it, everything here is cleared too. */
export async function deleteAccount(): Promise<SaveResult> {
  const r = await withToken((t) => api.deleteUser(t));
  if (!r.ok) return r;
  clearLogin();
  return { ok: true };
}
