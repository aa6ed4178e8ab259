// The two ofetch clients (shop base and platform base). The embed loader calls
// configureApi() with the API origin from its script tag; the shell relies on the default.
// ofetch is a chunk of its own, loaded with the first call: the menu's first view needs only the
// shop data, which comes with plain fetch (bootstrap.ts), so the embed runtime does not carry it.
import type { $Fetch, FetchOptions } from 'ofetch';
import * as v from '@shared/domain/valibot';
import { ApiError, toApiError } from './errors';

export interface ApiConfigInput {
  /** API origin, e.g. 'https://shop.example'; default: location.origin */
  origin?: string;
  shopId: string;
  /** Injected fetch (tests, SSR); default: globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Per-request timeout in ms; default 20000 */
  timeout?: number;
}

export interface ApiConfig {
  origin: string;
  shopId: string;
  shopBase: string;
  platformBase: string;
  timeout: number;
}

interface Clients {
  config: ApiConfig;
  /** the fetch every request goes through (injected, else the global one) */
  fetch: typeof globalThis.fetch;
  common: FetchOptions;
  shop?: $Fetch;
  platform?: $Fetch;
}

let clients: Clients | null = null;
let lastInput: ApiConfigInput | null = null;

function defaultOrigin(): string {
  return typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : '';
}

export function configureApi(input: ApiConfigInput): ApiConfig {
  lastInput = input;
  const origin = (input.origin ?? defaultOrigin()).replace(/\/+$/, '');
  const config: ApiConfig = {
    origin,
    shopId: input.shopId,
    shopBase: `${origin}/api/shop/${encodeURIComponent(input.shopId)}`,
    platformBase: `${origin}/api/platform`,
    timeout: input.timeout ?? 20000,
  };
  // retry: 0 — the callers that need retries (polling, payment preparation) have their own rules.
  // No cookies: public shop data is readable from any origin (CORS *); identity travels as a
  // bearer token (RequestOptions.token).
  const common: FetchOptions = { credentials: 'omit', retry: 0, timeout: config.timeout };
  const f = input.fetch;
  clients = { config, common, fetch: f ?? ((...args) => globalThis.fetch(...args)) };
  return config;
}

function getClients(): Clients {
  if (!clients) throw new ApiError('not-configured', 'configureApi() must be called before any API call');
  return clients;
}

export function getApiConfig(): ApiConfig {
  return getClients().config;
}

export function isApiConfigured(): boolean {
  return clients !== null;
}

/** Points the clients at another shop, keeping origin, fetch and timeout (franchise switch). */
export function switchApiShop(shopId: string): ApiConfig {
  return configureApi({ ...(lastInput ?? {}), shopId });
}

/** Test helper: forget the configuration. */
export function resetApi(): void {
  clients = null;
  lastInput = null;
}

export type ApiBase = 'shop' | 'platform';

let ofetchLoad: Promise<typeof import('ofetch')> | null = null;

/** The ofetch client of `base` (ofetch loads with the first call; a failed download is tried again). */
export async function clientFor(base: ApiBase): Promise<$Fetch> {
  const c = getClients();
  if (!c[base]) {
    ofetchLoad ??= import(/* webpackChunkName: "ofetch" */ 'ofetch').catch((e: unknown) => {
      ofetchLoad = null;
      throw e;
    });
    const { ofetch } = await ofetchLoad;
    c[base] ??= ofetch.create({ ...c.common, baseURL: base === 'shop' ? c.config.shopBase : c.config.platformBase }, { fetch: c.fetch });
  }
  return c[base];
}

/** The fetch the clients use (injected in tests), for the one request made without ofetch. */
export function plainFetch(): typeof globalThis.fetch {
  return getClients().fetch;
}

/** Validate an answer at the boundary: a malformed answer becomes ApiError('bad-response'). */
export function validate<S extends v.GenericSchema>(schema: S, data: unknown, what: string, at?: string): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const first = result.issues[0];
  // `at`: where `data` is in the answer (a part checked on its own: `dishes.3`)
  const path = [at, first && v.getDotPath(first)].filter(Boolean).join('.');
  throw new ApiError(
    'bad-response',
    `Malformed ${what} answer${path ? ` at ${path}` : ''}: ${first?.message ?? 'invalid'}`,
    { data, status: 200 },
  );
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  token?: string | null;
  headers?: Record<string, string>;
}

/** One request; transport and HTTP failures become ApiError. */
export async function request<T = unknown>(base: ApiBase, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  try {
    return await (await clientFor(base))<T>(path, {
      method: opts.method ?? 'GET',
      body: opts.body as FetchOptions['body'],
      query: opts.query,
      headers,
    });
  } catch (e) {
    throw toApiError(e);
  }
}

/** Request + validation against a valibot schema. */
export async function requestValid<S extends v.GenericSchema>(
  base: ApiBase,
  path: string,
  schema: S,
  what: string,
  opts: RequestOptions = {},
): Promise<v.InferOutput<S>> {
  const data = await request<unknown>(base, path, opts);
  return validate(schema, data, what);
}

/** Path segment escaping for ids that come from users (codes, phone numbers, table numbers). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}
