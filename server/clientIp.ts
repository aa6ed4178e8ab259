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

/**
 * The networks a load balancer or reverse proxy in front of the server usually sends from: private
 * (RFC 1918, IPv6 unique local), shared (RFC 6598, some clouds' balancers), loopback, link-local.
 */
const PROXY_NETWORKS = (() => {
  const l = new BlockList();
  for (const [a, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16]] as const) l.addSubnet(a, bits, 'ipv4');
  for (const [a, bits] of [['fc00::', 7], ['fe80::', 10]] as const) l.addSubnet(a, bits, 'ipv6');
  l.addAddress('::1', 'ipv6');
  return l;
})();

/**
 * A proxy the server does not know of: without TRUST_PROXY, a request with X-Forwarded-For from a private,
 * loopback or link-local address (a balancer in front, most likely) → that address; else null. A guest on
 * the internet who sends the header himself comes from a public address and is not taken for one.
 */
export function untrustedProxy(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string | null {
  if (trust || !socket || !forwardedFor?.trim()) return null;
  const own = plain(socket);
  return own && trusted(PROXY_NETWORKS, own) ? own : null;
}

/** The first request of this process that came through a proxy TRUST_PROXY does not name (the operator's status shows it). */
export interface ProxyHint {
  /** the proxy's address */
  address: string;
  /** when it was first seen (ISO) */
  firstSeen: string;
}

export interface ProxyWatch {
  seen(): ProxyHint | null;
  note(address: string, now: Date): void;
}

/** Remembers the first such request; `onFirst` (the server's log) hears of it once per process. */
export function createProxyWatch(onFirst: (hint: ProxyHint) => void): ProxyWatch {
  let hint: ProxyHint | null = null;
  return {
    seen: () => hint,
    note(address, now) {
      if (hint) return;
      hint = { address, firstSeen: now.toISOString() };
      onFirst(hint);
    },
  };
}

/** The log line for a proxy that TRUST_PROXY does not name (once per process). */
export const proxyWarning = (h: ProxyHint): string =>
  `[tischlein] warning: requests come through a proxy at ${h.address} (X-Forwarded-For), but TRUST_PROXY is not set: every guest counts as ${h.address} for the rate limits and login counts, so one busy guest can lock out all. Set TRUST_PROXY (docs/api.md).`;

declare module 'hono' {
  interface ContextVariableMap {
    /** the client's address, resolved once per request by clientIpMiddleware */
    clientIp: string;
  }
}

/**
 * Resolves the client's address once per request (app.ts installs it first, TRUST_PROXY from main.ts);
 * `watch` hears of the first request through a proxy TRUST_PROXY does not name.
 */
export function clientIpMiddleware(trust: TrustProxy, watch?: ProxyWatch, now: () => Date = () => new Date()): MiddlewareHandler {
  return async (c, next) => {
    const socket = socketAddress(c);
    const forwardedFor = c.req.header('x-forwarded-for');
    c.set('clientIp', resolveClientIp(socket, forwardedFor, trust));
    if (watch && !trust && forwardedFor && !watch.seen()) {
      const proxy = untrustedProxy(socket, forwardedFor, trust);
      if (proxy) watch.note(proxy, now());
    }
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
