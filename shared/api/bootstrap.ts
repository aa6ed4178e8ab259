// The shop data in two calls: GET {shopBase}/state (config, the minute's delivery period, franchise,
// the published catalog's version) and GET {shopBase}/catalog/{version} (immutable: the browser's or a
// CDN's cache holds it, so a returning guest downloads nothing for the menu). The state comes with an
// ETag and `Cache-Control: no-cache`: the browser's HTTP cache keeps the body and revalidates it (a
// 304 costs no body), so no cache of our own; an If-None-Match header of ours would also make a
// foreign page's request need a CORS preflight. On a foreign page the loader stub has started the
// state request and the menu's first view names the catalog as a preload.
import type { Bootstrap, Catalog } from '@shared/domain';
import { getApiConfig, plainFetch, validate } from './client';
import { ApiError, toApiError } from './errors';
import { CatalogDishSchema, CatalogSchema, ShopStateSchema } from '@shared/domain';

let pageTexts = false;

/**
 * The full shop (the shell) asks the state with the shop's own page texts (about, news, job offers:
 * `?pages=1`); widgets on a restaurant's page never show them and go without (≈ 0.5 KB gzip).
 */
export function includePageTexts(): void {
  pageTexts = true;
}

function statePath(): string {
  return `${getApiConfig().shopBase}/state${pageTexts ? '?pages=1' : ''}`;
}

/** Test helper: forgets a primed request. */
export function clearBootstrapCache(): void {
  primed = null;
}

let primed: Promise<Response> | null = null;

/**
 * Hand over a state request the embed stub started before the runtime loaded; the next
 * getBootstrap() uses it instead of a second request (and falls back to fetching if it failed).
 */
export function primeBootstrap(response: Promise<Response>): void {
  primed = response;
  // An unobserved rejection must not surface as an unhandled error.
  response.catch(() => undefined);
}

/** Ends the current task (the page may run its own work): each answer is checked in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A GET with the configured timeout; its JSON body (or the text, which then fails validation). */
async function get(url: string, init: RequestInit): Promise<{ response: Response; body: unknown }> {
  const { timeout } = getApiConfig();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(Object.assign(new Error(`timeout after ${timeout} ms`), { name: 'TimeoutError' })), timeout);
  try {
    // plain fetch, like the stub's primed request: ofetch is not needed for the first view
    const response = await plainFetch()(url, { ...init, signal: abort.signal });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text; // not JSON: the validation says bad-response
    }
    if (!response.ok) {
      throw toApiError({ status: response.status, data: body, message: `${response.status} ${response.statusText} (${url})` });
    }
    return { response, body };
  } catch (e) {
    throw toApiError(e);
  } finally {
    clearTimeout(timer);
  }
}

type State = ReturnType<typeof checkState>;
const checkState = (body: unknown) => validate(ShopStateSchema, body, 'state');

async function takePrimed(): Promise<State | null> {
  const p = primed;
  primed = null;
  if (!p) return null;
  try {
    const res = await p;
    if (!res.ok) return null;
    return checkState(await res.json());
  } catch {
    return null;
  }
}

async function getState(): Promise<State> {
  const fromPrimed = await takePrimed();
  if (fromPrimed) return fromPrimed;
  const { body } = await get(statePath(), { credentials: 'omit' });
  return checkState(body);
}

/**
 * The catalog of `version`: no custom header and the default credentials (none cross-origin), so
 * the request is the one the first view's `<link rel=preload as=fetch crossorigin>` made, and the
 * browser's cache answers it on a return.
 */
async function getCatalog(version: string): Promise<Catalog> {
  const { body } = await get(`${getApiConfig().shopBase}/catalog/${encodeURIComponent(version)}`, {});
  await nextTask();
  return validateCatalog(body);
}

/** How long one task of the catalog's check may take (ms) before it lets the page run. */
const CHECK_SLICE_MS = 8;

/**
 * CatalogSchema's check of an answer, in tasks of about `sliceMs` each: the dishes one by one, a new task
 * whenever the slice is used up (at 4× CPU the demo catalog's check in one piece was a long task of
 * 45–70 ms, in which the restaurant's page did not react). The same rules and the same message as
 * `validate(CatalogSchema, …)`: the rest of the catalog with no dishes, then each dish by CatalogDishSchema.
 */
export async function validateCatalog(body: unknown, sliceMs = CHECK_SLICE_MS): Promise<Catalog> {
  const dishes = (body as { dishes?: unknown } | null)?.dishes;
  // not an object with a list of dishes: one check, which says what is wrong
  if (!Array.isArray(dishes)) return validate(CatalogSchema, body, 'catalog');
  // (its `dishes` is a new empty list, in its place among the catalog's keys)
  const catalog = validate(CatalogSchema, { ...(body as object), dishes: [] }, 'catalog');
  let start = performance.now();
  for (const [i, dish] of dishes.entries()) {
    if (performance.now() - start >= sliceMs) {
      await nextTask();
      start = performance.now();
    }
    catalog.dishes.push(validate(CatalogDishSchema, dish, 'catalog', `dishes.${i}`));
  }
  return catalog;
}

/** The shop data: the state, and the catalog of its version. */
export async function getBootstrap(): Promise<Bootstrap> {
  const state = await getState();
  // (a server that sends the catalog with the state saves the second request)
  if (state.catalog) return { ...state, catalog: state.catalog };
  if (!state.catalogVersion) throw new ApiError('bad-response', 'Malformed state answer: no catalogVersion', { status: 200, data: state });
  try {
    return { ...state, catalog: await getCatalog(state.catalogVersion) };
  } catch (e) {
    // published anew between the two calls (404 unknown_version): once more with a fresh state
    if (toApiError(e).status !== 404) throw e;
    const fresh = await getState();
    if (!fresh.catalogVersion) throw e;
    return { ...fresh, catalog: fresh.catalog ?? (await getCatalog(fresh.catalogVersion)) };
  }
}
