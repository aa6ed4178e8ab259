// CORS headers of the API, written onto the handler's answer AFTER the handler ran.
//
// hono/cors sets its headers on `c.res` before `next()`: Hono then has a response before the
// handler's, and merges the two into a new Response built from the handler's `body` — a web
// stream — so @hono/node-server writes every API answer through a ReadableStream instead of its
// direct path (`res.end(string)`; ≈ 2 % of an order's CPU, docs/benchmarks.md). Here the same
// headers are set on the handler's own answer: the answer object stays the one the handler made.
// Preflights (OPTIONS, no handler) are hono/cors' own, unchanged.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';

export interface CorsOptions {
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  /** seconds a browser may keep a preflight's answer */
  maxAge: number;
}

/**
 * The CORS middleware for one request whose allowed origin is known: '*' (any page, no
 * credentials) or the request's own Origin (then `Vary: Origin`). The headers are those of
 * hono/cors with the same options.
 */
export function corsAfterHandler(options: CorsOptions): (c: Context, next: Next, allowed: string) => Promise<Response | void> {
  const exposed = options.exposeHeaders.join(',');
  // hono/cors for the preflights: with '*' no Vary, with the request's origin `Vary: Origin`
  const preflightAny: MiddlewareHandler = cors({ ...options, origin: '*' });
  const preflightOwn: MiddlewareHandler = cors({ ...options, origin: (origin) => origin });
  return async (c, next, allowed) => {
    if (c.req.method === 'OPTIONS') return (allowed === '*' ? preflightAny : preflightOwn)(c, next);
    await next();
    const headers = c.res.headers;
    headers.set('Access-Control-Allow-Origin', allowed);
    if (exposed) headers.set('Access-Control-Expose-Headers', exposed);
    if (allowed !== '*') headers.append('Vary', 'Origin');
  };
}
