// The platform calls of login and account, with plain fetch
// (this module is loaded on first use; the eager @shared/api client stays as it is). The user
// calls carry `Authorization: Bearer`; a 401 is reported as 'unauthorized' (the store logs out).
import { getApiConfig, requestValid, toApiError } from '@shared/api';
import { type User, type UserAddress } from '@shared/domain';
import { UserSchema } from '@shared/domain/calls';
import { TOKEN_INVALID_LOG } from './texts';

export type LinkOutcome = 'sent' | 'user-not-found' | 'rate-limited' | 'invalid-email' | 'error';

export class AccountCallError extends Error {
  constructor(readonly status: number, readonly data: unknown) {
    super(`account call failed (${status})`);
  }
}

async function call<T>(method: string, path: string, opts: { token?: string | null; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let res: Response;
  try {
    res = await fetch(`${getApiConfig().platformBase}${path}`, {
      method, headers, credentials: 'omit', body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch (e) {
    throw new AccountCallError(0, e);
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* no JSON */
  }
  if (!res.ok) throw new AccountCallError(res.status, data);
  return data as T;
}

/** POST /auth/request-link {email, webshop, franchise} (+ own returnTo): its three outcomes (sent, no such user, invalid e-mail) and the rate limit. */
export async function requestLink(body: { email: string; webshop: string; franchise?: string | null; returnTo?: string | null }): Promise<LinkOutcome> {
  try {
    const data = await call<{ success?: boolean; error?: string }>('POST', '/auth/request-link', { body });
    if (data && data.error === 'user-not-found') return 'user-not-found';
    return data && data.error ? 'error' : 'sent';
  } catch (e) {
    const err = e as AccountCallError;
    const code = (err.data as { error?: unknown } | null)?.error;
    if (code === 'user-not-found') return 'user-not-found';
    if (err.status === 429) return 'rate-limited';
    if (code === 'invalid_email') return 'invalid-email';
    return 'error';
  }
}

/** GET /user/info with the bearer token: the user, or null on a 401 (logged 'Token is expired or invalid.'). */
export async function userInfo(token: string): Promise<User | null> {
  try {
    return await requestValid('platform', '/user/info', UserSchema, 'user', { token });
  } catch (e) {
    const err = toApiError(e);
    if (err.status === 401) {
      console.warn(TOKEN_INVALID_LOG);
      return null;
    }
    throw err;
  }
}

export interface AccountOrder {
  id: string;
  shopId: string;
  createdAt: string;
  status: string;
  statusText: string;
  deliveryType: 'delivery' | 'pickup';
  totalCents: number;
  address: Pick<UserAddress, 'street' | 'streetNumber' | 'zip' | 'city' | 'floor'> | null;
  lines: { name: string; amount: number; kind: string }[];
  items: unknown[];
}

export const putAddress = (token: string, address: UserAddress) => call<User>('PUT', '/user/addressData', { token, body: { address } });
export const putName = (token: string, firstName: string, lastName: string) => call<User>('PUT', '/user/name', { token, body: { firstName, lastName } });
export const putBirthday = (token: string, date: string | null) => call<User>('PUT', '/user/birthday', { token, body: { date } });
export const putAdvertisement = (token: string, subscribe: boolean) => call<User>('PUT', '/user/advertisementAgreement', { token, body: { subscribe } });
export const deleteUser = (token: string) => call<{ success: boolean }>('DELETE', '/user/delete', { token });
export const fetchOrders = (token: string) => call<{ orders: AccountOrder[] }>('GET', '/user/orders', { token }).then((r) => r.orders);
export const logoutCall = (token: string) => call<{ success: boolean }>('POST', '/auth/logout', { token, body: {} });
/** POST auth/signup {order} (+ own returnTo): the order's e-mail gets an account and a link. */
export const signup = (order: string, returnTo: string | null) => call<{ success: boolean }>('POST', '/auth/signup', { body: { order, returnTo } });
