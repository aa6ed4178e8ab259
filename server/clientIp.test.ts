// The guest's address behind a proxy (TRUST_PROXY), and limits counted in the database so they
// hold across server processes.
import { describe, expect, it, jest } from '@jest/globals';
import { createApp } from './app';
import { parseTrustProxy, resolveClientIp, TrustProxyError } from './clientIp';
import { createTestServer, TUESDAY_NOON } from './testing';

describe('resolveClientIp', () => {
  const one = parseTrustProxy('1');
  const two = parseTrustProxy('2');
  const listed = parseTrustProxy('10.0.0.0/8, 2001:db8:ffff::/48, loopback');

  it('without TRUST_PROXY the socket address, whatever X-Forwarded-For says', () => {
    expect(resolveClientIp('10.0.0.1', '1.2.3.4', null)).toBe('10.0.0.1');
    expect(resolveClientIp('::ffff:10.0.0.1', '1.2.3.4', parseTrustProxy(''))).toBe('10.0.0.1');
    expect(resolveClientIp('10.0.0.1', '1.2.3.4', parseTrustProxy('false'))).toBe('10.0.0.1');
    expect(resolveClientIp(undefined, '1.2.3.4', one)).toBe('unknown');
  });
  it('TRUST_PROXY=1: the right-most entry (what our proxy appended); a forged left part is ignored', () => {
    expect(resolveClientIp('10.0.0.1', '198.51.100.7', one)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.1', '1.2.3.4, 5.6.7.8,198.51.100.7', one)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.1', '198.51.100.7:51234', one)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.1', '[2001:db8:1::5]:443', one)).toBe('2001:db8:1::5');
    expect(resolveClientIp('10.0.0.1', undefined, one)).toBe('10.0.0.1');
    expect(resolveClientIp('10.0.0.1', 'nonsense', one)).toBe('10.0.0.1');
  });
  it('TRUST_PROXY=2: the second entry from the right (CDN in front of the balancer)', () => {
    expect(resolveClientIp('10.0.0.1', '1.2.3.4, 198.51.100.7, 10.0.0.9', two)).toBe('198.51.100.7');
    expect(resolveClientIp('10.0.0.1', '198.51.100.7', two)).toBe('198.51.100.7');
  });
  it('a list of proxies: hops are skipped from the right while they are listed proxies', () => {
    expect(resolveClientIp('10.0.0.1', '1.2.3.4, 198.51.100.7, 10.20.0.3', listed)).toBe('198.51.100.7');
    expect(resolveClientIp('127.0.0.1', '198.51.100.7', listed)).toBe('198.51.100.7');
    expect(resolveClientIp('2001:db8:ffff:1::1', '2001:db8:1::5', listed)).toBe('2001:db8:1::5');
    // a client talking to us directly (not a listed proxy) cannot choose its address
    expect(resolveClientIp('203.0.113.9', '198.51.100.7', listed)).toBe('203.0.113.9');
  });
  it('refuses what would trust everyone or is no address, with the reason', () => {
    expect(() => parseTrustProxy('true')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('*')).toThrow(/any client choose its address/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow("TRUST_PROXY: '10.0.0.0/33' is neither a number of hops nor an IP address or CIDR range (e.g. 10.0.0.0/8)");
    expect(() => parseTrustProxy('proxy.internal')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('50')).toThrow('TRUST_PROXY=50: expected at most 20 proxy hops');
  });
});

describe('limits behind a proxy and across processes', () => {
  jest.setTimeout(60_000);
  const track = (app: { request: (...a: never[]) => Response | Promise<Response> }, socket: string, xff?: string) =>
    (app.request as (p: string, i: RequestInit, e: unknown) => Promise<Response>)(
      '/api/platform/tr/e',
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...(xff ? { 'X-Forwarded-For': xff } : {}) }, body: '{"event":"x"}' },
      { incoming: { socket: { remoteAddress: socket, remoteFamily: 'IPv4', remotePort: 1 } } },
    );

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh limit', async () => {
    const s = await createTestServer({ writeLimit: { limit: 2, windowMs: 60_000 } });
    try {
      expect((await track(s.app, '203.0.113.7', '1.1.1.1')).status).toBe(200);
      expect((await track(s.app, '203.0.113.7', '2.2.2.2')).status).toBe(200);
      expect((await track(s.app, '203.0.113.7', '3.3.3.3')).status).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('TRUST_PROXY=1: guests behind one balancer are counted apart, by the hop the balancer appended', async () => {
    const s = await createTestServer({ writeLimit: { limit: 2, windowMs: 60_000 }, trustProxy: parseTrustProxy('1') });
    try {
      expect((await track(s.app, '10.0.0.1', '198.51.100.1')).status).toBe(200);
      expect((await track(s.app, '10.0.0.1', '198.51.100.1')).status).toBe(200);
      // the same guest forging a left part: still 198.51.100.1
      const over = await track(s.app, '10.0.0.1', '7.7.7.7, 198.51.100.1');
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ error: 'too_many_requests', message: 'Zu viele Anfragen – bitte kurz warten.' });
      // another guest through the same balancer is not locked out with them
      expect((await track(s.app, '10.0.0.1', '198.51.100.2')).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('two server processes on one database share one limit (counted in rate_counters)', async () => {
    const a = await createTestServer({ writeLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const b = createApp({ shops: a.shops, gazetteer: a.data.gazetteer, db: a.db, now: () => TUESDAY_NOON, writeLimit: { limit: 3, windowMs: 60_000 }, logError: () => undefined });
      expect((await track(a.app, '203.0.113.8')).status).toBe(200);
      expect((await track(b, '203.0.113.8')).status).toBe(200);
      const third = await track(a.app, '203.0.113.8');
      expect(third.status).toBe(200);
      expect(third.headers.get('ratelimit-remaining')).toBe('0');
      expect((await track(b, '203.0.113.8')).status).toBe(429);
      const row = (await a.db.query<{ count: number }>("SELECT count FROM rate_counters WHERE scope = 'writes' AND key = '203.0.113.8'")).rows[0];
      expect(row.count).toBe(4);
    } finally {
      await a.close();
    }
  });
});
