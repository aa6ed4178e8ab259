// Test helper of the staff route tests (not a test file itself): the test server with staff users
// created and logged in, and one request function that sends a user's session cookie and JSON.
import type { StaffRole } from './staff/service';
import { createStaffUser } from './staff/service';
import { DEMO_STAFF } from './staff/demo';
import { createTestServer, type TestServer } from './testing';

export const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

export interface StaffTestUser {
  shopId: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

/** The demo shop's owner (Chefin) and a staff member (Kellner), and the owner of another shop. */
export const STAFF_TEST_USERS: Record<string, StaffTestUser> = {
  owner: { shopId: 'demo', email: 'chefin@demo.example', name: 'Chefin', role: 'owner', password: 'chefin-passwort-1' },
  staff: { shopId: 'demo', email: 'kellner@demo.example', name: 'Kellner', role: 'staff', password: 'kellner-passwort-1' },
  other: { shopId: 'burgerwerk-zentrum', email: 'chef@burger.example', name: 'Chef', role: 'owner', password: 'burger-passwort-1' },
};

/** The demo owner's login of development (README) as a test user. */
export const DEMO_OWNER: StaffTestUser = { ...DEMO_STAFF, role: 'owner' };

export interface StaffRequest extends Omit<RequestInit, 'headers'> {
  /** whose session cookie goes with the request (a key of `cookies`); none: no cookie */
  as?: string;
  /** sent as the JSON body (with its Content-Type) */
  json?: unknown;
  headers?: Record<string, string>;
}

export interface StaffTestServer extends TestServer {
  /** the session cookie (`name=value`) of each user, by the name given in `users` */
  cookies: Record<string, string>;
  /**
   * A request to the app. The method is the given one, else POST with a body and GET without.
   * `as` names a logged-in user; an unknown name throws (a missing cookie would pass a 401 check).
   */
  req(path: string, init?: StaffRequest): Promise<Response>;
  /** Logs in through the login route; the session cookie (`name=value`). Throws unless 200. */
  login(shopId: string, email: string, password: string): Promise<string>;
  /** A new POS key of the shop, made by the logged-in user `as` (an owner). */
  posKey(as?: string, shopId?: string): Promise<string>;
  /**
   * One call by each of `callers` — 'none' (no login), 'pos' (a POS key of the demo shop, made by
   * 'owner'), or a logged-in user's name — and each one's status: `{ call: 'PUT /path', none: 401, … }`.
   */
  access(path: string, init?: StaffRequest, callers?: string[]): Promise<Record<string, string | number>>;
}

export async function createStaffTestServer(
  opts: Parameters<typeof createTestServer>[0] & { users?: Record<string, StaffTestUser> } = {},
): Promise<StaffTestServer> {
  const { users = STAFF_TEST_USERS, ...serverOpts } = opts;
  const s = await createTestServer(serverOpts);
  const cookies: Record<string, string> = {};

  const req: StaffTestServer['req'] = (path, init = {}) => {
    const { as, json, headers, method, body, ...rest } = init;
    let cookie: Record<string, string> = {};
    if (as !== undefined) {
      if (!cookies[as]) throw new Error(`no logged-in test user '${as}' (known: ${Object.keys(cookies).join(', ')})`);
      cookie = { Cookie: cookies[as] };
    }
    const sendBody = json !== undefined ? JSON.stringify(json) : body;
    return Promise.resolve(
      s.app.request(path, {
        ...rest,
        method: method ?? (sendBody !== undefined && sendBody !== null ? 'POST' : 'GET'),
        headers: { ...(json !== undefined ? JSON_HEADERS : {}), ...cookie, ...headers },
        body: sendBody,
      }),
    );
  };

  const login: StaffTestServer['login'] = async (shopId, email, password) => {
    const res = await s.app.request(`/api/staff/${shopId}/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
    if (res.status !== 200) throw new Error(`login of ${email} at ${shopId}: ${res.status} ${await res.text()}`);
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  };

  for (const u of Object.values(users)) await createStaffUser(s.db, u);
  for (const [name, u] of Object.entries(users)) cookies[name] = await login(u.shopId, u.email, u.password);

  const posKey: StaffTestServer['posKey'] = async (as = 'owner', shopId = 'demo') => {
    const res = await req(`/api/staff/${shopId}/api-keys`, { as, json: { label: 'Kasse' } });
    if (res.status !== 201 && res.status !== 200) throw new Error(`POS key: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { key: string }).key;
  };
  let accessKey: Promise<string> | null = null;

  return {
    ...s,
    cookies,
    req,
    login,
    posKey,
    async access(path, init = {}, callers = ['none', 'other', 'staff', 'pos']) {
      const out: Record<string, string | number> = { call: `${init.method ?? (init.json !== undefined ? 'POST' : 'GET')} ${path}` };
      for (const who of callers) {
        if (who === 'pos') {
          accessKey ??= posKey();
          out.pos = (await req(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${await accessKey}` } })).status;
        } else {
          out[who] = (await req(path, { ...init, as: who === 'none' ? undefined : who })).status;
        }
      }
      return out;
    },
  };
}
