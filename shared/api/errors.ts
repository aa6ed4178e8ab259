// One error type for everything that crosses the API boundary. Components and stores
// switch on `code`, never on an HTTP library's error shape.

/**
 * Codes without product text: 'network',
 * 'timeout', 'cancelled', 'bad-request', 'bad-response', 'http'. Address lookups use the
 * spec's address error codes ('notFound', 'Incomplete', ...) instead.
 */
export type ApiErrorCode =
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'bad-request'
  | 'bad-response'
  | 'unauthorized'
  | 'notFound'
  | 'conflict'
  /** 503: the shop's server cannot serve right now (its database is away); try again shortly */
  | 'unavailable'
  | 'http'
  | (string & {});

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status, 0 when the request never got an answer */
  readonly status: number;
  /** Parsed response body when there was one */
  readonly data: unknown;

  constructor(code: ApiErrorCode, message: string, opts: { status?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = opts.status ?? 0;
    this.data = opts.data;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

interface FetchErrorLike {
  name?: string;
  message?: string;
  status?: number;
  statusCode?: number;
  data?: unknown;
  response?: { status?: number; _data?: unknown };
  cause?: unknown;
}

function errorName(e: unknown): string {
  return e && typeof e === 'object' && 'name' in e ? String((e as { name: unknown }).name) : '';
}

/** Maps whatever ofetch (or the fetch below it) threw to an ApiError. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  const err = (e && typeof e === 'object' ? e : {}) as FetchErrorLike;
  const status = err.status ?? err.statusCode ?? err.response?.status ?? 0;
  const data = err.data ?? err.response?._data;
  const message = err.message ?? String(e);
  if (status > 0) {
    const code =
      status === 400 ? 'bad-request'
      : status === 401 ? 'unauthorized'
      : status === 404 ? 'notFound'
      : status === 409 ? 'conflict'
      : status === 503 ? 'unavailable'
      : 'http';
    return new ApiError(code, message, { status, data, cause: e });
  }
  // No status: the request never got an answer. ofetch wraps the fetch error in `cause`.
  const names = [errorName(e), errorName(err.cause)];
  if (names.includes('TimeoutError') || /timeout/i.test(message)) {
    return new ApiError('timeout', message, { cause: e });
  }
  if (names.includes('AbortError')) return new ApiError('cancelled', message, { cause: e });
  return new ApiError('network', message, { cause: e });
}

/**
 * The shop's server answered 503 (`{ error: 'unavailable' }`: its database is away, or a proxy in
 * front says the same): the widgets show SHOP_UNAVAILABLE (@shared/i18n) where the guest is, keep
 * the cart and the form, and the guest tries again.
 */
export function isUnavailable(e: unknown): boolean {
  return toApiError(e).code === 'unavailable';
}
