// What the HTTP geocoders share: the configured base URL (never anything from a request), an
// identifying User-Agent (Nominatim's usage policy asks for one), a timeout, a size limit on the
// answer, and a small cache so a guest retrying the same address does not ask again.
import { GeocoderUnavailableError, type GeocodeQuery, type GeocodedAddress } from './geocoder';

export interface HttpGeocoderOptions {
  /** e.g. https://photon.example.org or http://localhost:8088/nominatim */
  baseUrl: string;
  /** sent as User-Agent */
  userAgent?: string;
  /** ms per request; default 4000 */
  timeoutMs?: number;
  /** answers kept (an LRU of this many addresses); default 500 */
  cacheSize?: number;
  /** ms an answer is kept; default one day */
  cacheTtlMs?: number;
  /** tests feed recorded answers */
  fetch?: typeof fetch;
  now?: () => number;
}

export const DEFAULT_GEOCODER_USER_AGENT = 'Tischlein-Bestellsystem (restaurant ordering; geocoding of delivery addresses)';
/** A geocoder's answer for one address is small; anything larger is not one. */
const MAX_ANSWER_BYTES = 512 * 1024;

/** A URL that is http(s) and nothing else (no credentials in it, no query of its own). */
export function parseGeocoderBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`TISCHLEIN_GEOCODER_URL: expected an http(s) URL, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('TISCHLEIN_GEOCODER_URL: expected an http(s) URL');
  if (url.username || url.password) throw new Error('TISCHLEIN_GEOCODER_URL: no user or password in the URL');
  if (url.search || url.hash) throw new Error('TISCHLEIN_GEOCODER_URL: expected a base URL without ? or #');
  return url;
}

/** Base class: builds the request, fetches with a timeout, caches; subclasses read the answer. */
export abstract class HttpGeocoder {
  protected readonly base: URL;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly cacheSize: number;
  private readonly cacheTtlMs: number;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private readonly cache = new Map<string, { at: number; value: GeocodedAddress | null }>();

  constructor(opts: HttpGeocoderOptions) {
    this.base = parseGeocoderBaseUrl(opts.baseUrl);
    this.userAgent = opts.userAgent || DEFAULT_GEOCODER_USER_AGENT;
    this.timeoutMs = opts.timeoutMs ?? 4000;
    this.cacheSize = opts.cacheSize ?? 500;
    this.cacheTtlMs = opts.cacheTtlMs ?? 24 * 3600 * 1000;
    this.fetchFn = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
  }

  abstract readonly name: 'photon' | 'nominatim';
  protected abstract url(q: GeocodeQuery): URL;
  /** The answer's body (parsed JSON) -> the address, or null when it has none that fits. */
  protected abstract read(body: unknown, q: GeocodeQuery): GeocodedAddress | null;

  /** base + path, keeping a path prefix of the base (http://host/nominatim + /search) */
  protected endpoint(path: string): URL {
    const url = new URL(this.base.href);
    url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
    return url;
  }

  async geocode(q: GeocodeQuery): Promise<GeocodedAddress | null> {
    const key = [q.street, q.streetNumber, q.zip, q.city].map((s) => s.trim().toLowerCase()).join('\n');
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < this.cacheTtlMs) {
      this.cache.delete(key); // most recently used last
      this.cache.set(key, hit);
      return hit.value;
    }
    const value = this.read(await this.fetchJson(this.url(q)), q);
    this.cache.set(key, { at: this.now(), value });
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  private async fetchJson(url: URL): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        headers: { 'User-Agent': this.userAgent, Accept: 'application/json', 'Accept-Language': 'de' },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      throw new GeocoderUnavailableError(this.name, (e as { name?: unknown } | null)?.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : 'not reachable');
    }
    if (!res.ok) throw new GeocoderUnavailableError(this.name, `HTTP ${res.status}`);
    const length = Number(res.headers.get('content-length'));
    if (length > MAX_ANSWER_BYTES) throw new GeocoderUnavailableError(this.name, 'answer too large');
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) throw new GeocoderUnavailableError(this.name, 'answer too large');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new GeocoderUnavailableError(this.name, 'answer is not JSON');
    }
  }
}

/** The geocoder's street and number agree with what the guest wrote (spelling aside)? */
export function sameHouseNumber(a: string, b: string): boolean {
  return a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();
}

export function coordinate(x: unknown, min: number, max: number): number | null {
  const n = typeof x === 'string' ? Number(x) : typeof x === 'number' ? x : Number.NaN;
  return Number.isFinite(n) && n >= min && n <= max ? Math.round(n * 1e6) / 1e6 : null;
}
