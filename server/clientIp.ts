// The guest's IP address, one rule for every route (rate limits, waiter login counts):
// the socket's address, or — only when TRUST_PROXY names the proxies in front of us — the address
// the nearest untrusted hop reported in X-Forwarded-For. Without TRUST_PROXY a forged header
// changes nothing; with it, only what our own proxies appended counts (a client can prepend any
// addresses it likes, so the chain is read from the right).
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/** null: trust no proxy; hops: that many proxies in front (the right-most N hops); list: proxies by address/CIDR. */
export type TrustProxy = null | { hops: number } | { list: BlockList; text: string };

export class TrustProxyError extends Error {}

/**
 * TRUST_PROXY: empty/unset/'false'/'0' = no proxy; a number N = N proxy hops in front of the
 * server (1: one load balancer); or a comma list of proxy addresses and CIDR ranges
 * ('10.0.0.0/8, 2001:db8::/32', 'loopback' for 127.0.0.0/8 and ::1). Anything else is refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return null;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 20) throw new TrustProxyError(`TRUST_PROXY=${v}: expected at most 20 proxy hops`);
    return { hops };
  }
  if (v === 'true' || v === '*') {
    throw new TrustProxyError(`TRUST_PROXY=${v}: trusting every hop would let any client choose its address; give the number of proxy hops (e.g. 1) or the proxies' addresses`);
  }
  const list = new BlockList();
  for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
    if (part === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr, bits, extra] = part.split('/');
    const family = isIP(addr);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      throw new TrustProxyError(`TRUST_PROXY: '${part}' is neither a number of hops nor an IP address or CIDR range (e.g. 10.0.0.0/8)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return { list, text: v };
}

/** An address as a hop wrote it ('203.0.113.7:5123', '[2001:db8::1]:443', '::ffff:10.0.0.1') → plain, or null. */
function plain(entry: string): string | null {
  let a = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  if (mapped) a = mapped[1];
  return isIP(a) ? a : null;
}

function trusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address from the socket's address and the X-Forwarded-For header under `trust`.
 * The chain is the header's entries followed by the socket; from the right, trusted hops are
 * skipped (N hops, or while the address is a listed proxy). An entry that is no address ends the
 * walk at the last address we had reason to believe.
 */
export function resolveClientIp(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const own = socket ? (plain(socket) ?? socket) : 'unknown';
  if (!trust || !forwardedFor || !socket) return own;
  const chain = [...forwardedFor.split(','), own];
  let client = own;
  for (let i = chain.length - 2, skipped = 1; i >= 0; i--, skipped++) {
    // the hop at chain[i + 1] (already `client`) is a proxy we trust: what it reported counts
    const proxyTrusted = 'hops' in trust ? skipped <= trust.hops : trusted(trust.list, client);
    if (!proxyTrusted) break;
    const next = plain(chain[i]);
    if (!next) break;
    client = next;
  }
  return client;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** the client's address, resolved once per request by clientIpMiddleware */
    clientIp: string;
  }
}

/** Resolves the client's address once per request (app.ts installs it first, TRUST_PROXY from main.ts). */
export function clientIpMiddleware(trust: TrustProxy): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientIp', resolveClientIp(socketAddress(c), c.req.header('x-forwarded-for'), trust));
    await next();
  };
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

/** The client's IP address ('unknown' without a socket): what clientIpMiddleware resolved, else the socket's. */
export function clientIp(c: Context): string {
  return c.get('clientIp') ?? resolveClientIp(socketAddress(c), undefined, null);
}
