// GET {shopBase}/bootstrap. The server answers with an ETag and `Cache-Control: no-cache`: the
// browser's HTTP cache keeps the body and revalidates it (a 304 costs no body), so no cache of our
// own; an If-None-Match header of ours would also make a foreign page's request need a CORS preflight.
import type { Bootstrap } from '@shared/domain';
import { getApiConfig, plainFetch, validate } from './client';
import { toApiError } from './errors';
import { BootstrapSchema } from '@shared/domain';

/** Test helper: forgets a primed request. */
export function clearBootstrapCache(): void {
  primed = null;
}

let primed: Promise<Response> | null = null;

/**
 * Hand over a bootstrap request the embed stub started before the runtime loaded; the next
 * getBootstrap() uses it instead of a second request (and falls back to fetching if it failed).
 */
export function primeBootstrap(response: Promise<Response>): void {
  primed = response;
  // An unobserved rejection must not surface as an unhandled error.
  response.catch(() => undefined);
}

async function takePrimed(): Promise<Bootstrap | null> {
  const p = primed;
  primed = null;
  if (!p) return null;
  try {
    const res = await p;
    if (!res.ok) return null;
    return validate(BootstrapSchema, await res.json(), 'bootstrap');
  } catch {
    return null;
  }
}

export async function getBootstrap(): Promise<Bootstrap> {
  const fromPrimed = await takePrimed();
  if (fromPrimed) return fromPrimed;
  const { shopBase, timeout } = getApiConfig();
  // plain fetch, like the stub's primed request: ofetch is not needed for the first view
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(Object.assign(new Error(`timeout after ${timeout} ms`), { name: 'TimeoutError' })), timeout);
  let body: unknown = null;
  try {
    const response = await plainFetch()(`${shopBase}/bootstrap`, {
      credentials: 'omit',
      signal: abort.signal,
    });
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = text; // not JSON: the validation below says bad-response
    }
    if (!response.ok) {
      throw toApiError({ status: response.status, data: body, message: `${response.status} ${response.statusText} (bootstrap)` });
    }
  } catch (e) {
    throw toApiError(e);
  } finally {
    clearTimeout(timer);
  }
  return validate(BootstrapSchema, body, 'bootstrap');
}
