// GET {shopBase}/bootstrap with ETag revalidation. The cache lives in memory and, when
// available, in sessionStorage so a reload inside the session costs one 304.
import type { Bootstrap } from '@shared/domain';
import { getApiConfig, plainFetch, validate } from './client';
import { toApiError } from './errors';
import { BootstrapSchema } from '@shared/domain';

interface CacheEntry {
  etag: string;
  body: unknown;
}

const memory = new Map<string, CacheEntry>();

function cacheKey(): string {
  const { shopBase } = getApiConfig();
  return `tischlein:bootstrap:${shopBase}`;
}

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readCache(key: string): CacheEntry | null {
  const hit = memory.get(key);
  if (hit) return hit;
  try {
    const raw = session()?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as CacheEntry).etag === 'string' && 'body' in parsed) {
      memory.set(key, parsed as CacheEntry);
      return parsed as CacheEntry;
    }
  } catch {
    // unreadable cache = no cache
  }
  return null;
}

function writeCache(key: string, entry: CacheEntry): void {
  memory.set(key, entry);
  try {
    session()?.setItem(key, JSON.stringify(entry));
  } catch {
    // quota or disabled storage: the memory copy is enough
  }
}

function dropCache(key: string): void {
  memory.delete(key);
  try {
    session()?.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Test helper. */
export function clearBootstrapCache(): void {
  primed = null;
  for (const key of memory.keys()) dropCache(key);
  memory.clear();
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

async function takePrimed(key: string): Promise<Bootstrap | null> {
  const p = primed;
  primed = null;
  if (!p) return null;
  try {
    const res = await p;
    if (!res.ok) return null;
    const body: unknown = await res.json();
    const data = validate(BootstrapSchema, body, 'bootstrap');
    const etag = res.headers.get('etag');
    if (etag) writeCache(key, { etag, body });
    return data;
  } catch {
    return null;
  }
}

export async function getBootstrap(): Promise<Bootstrap> {
  const key = cacheKey();
  const fromPrimed = await takePrimed(key);
  if (fromPrimed) return fromPrimed;
  const cached = readCache(key);
  const { shopBase, timeout } = getApiConfig();
  // plain fetch, like the stub's primed request: ofetch is not needed for the first view
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(Object.assign(new Error(`timeout after ${timeout} ms`), { name: 'TimeoutError' })), timeout);
  let response: Response;
  let body: unknown = null;
  try {
    response = await plainFetch()(`${shopBase}/bootstrap`, {
      credentials: 'omit',
      headers: cached ? { 'If-None-Match': cached.etag } : {},
      signal: abort.signal,
    });
    if (response.status !== 304) {
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text; // not JSON: the validation below says bad-response
      }
    }
    if (!response.ok && response.status !== 304) {
      throw toApiError({ status: response.status, data: body, message: `${response.status} ${response.statusText} (bootstrap)` });
    }
  } catch (e) {
    throw toApiError(e);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 304 && cached) {
    try {
      return validate(BootstrapSchema, cached.body, 'bootstrap');
    } catch (e) {
      // A cached body that no longer validates is dropped; the next call fetches fresh.
      dropCache(key);
      throw e;
    }
  }
  const data = validate(BootstrapSchema, body, 'bootstrap');
  const etag = response.headers.get('etag');
  if (etag) writeCache(key, { etag, body });
  else dropCache(key);
  return data;
}
