// A balancer in front of a server that does not know of it (no TRUST_PROXY): every guest would share the
// balancer's address for the limits. The server says so once in its log, and the operator's status shows it.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createProxyWatch, parseTrustProxy, untrustedProxy, type ProxyHint } from './clientIp';
import { createTestServer, type TestServer } from './testing';

describe('untrustedProxy', () => {
  it('X-Forwarded-For from a private, shared, loopback or link-local address without TRUST_PROXY: that address', () => {
    expect(untrustedProxy('10.0.3.4', '198.51.100.7', null)).toBe('10.0.3.4');
    expect(untrustedProxy('172.20.0.2', '198.51.100.7', null)).toBe('172.20.0.2');
    expect(untrustedProxy('::ffff:192.168.1.20', '198.51.100.7', null)).toBe('192.168.1.20');
    expect(untrustedProxy('100.64.0.9', '198.51.100.7', null)).toBe('100.64.0.9');
    expect(untrustedProxy('127.0.0.1', '198.51.100.7', null)).toBe('127.0.0.1');
    expect(untrustedProxy('::1', '2001:db8::7', null)).toBe('::1');
    expect(untrustedProxy('fd12:3456::1', '2001:db8::7', null)).toBe('fd12:3456::1');
  });

  it('not for a guest on the internet who sends the header himself, nor without the header, nor with TRUST_PROXY', () => {
    expect(untrustedProxy('203.0.113.7', '10.0.0.1', null)).toBeNull();
    expect(untrustedProxy('172.32.0.1', '198.51.100.7', null)).toBeNull();
    expect(untrustedProxy('2001:db8::1', '198.51.100.7', null)).toBeNull();
    expect(untrustedProxy('10.0.3.4', undefined, null)).toBeNull();
    expect(untrustedProxy('10.0.3.4', ' ', null)).toBeNull();
    expect(untrustedProxy(undefined, '198.51.100.7', null)).toBeNull();
    expect(untrustedProxy('10.0.3.4', '198.51.100.7', parseTrustProxy('1'))).toBeNull();
  });

  it('the watch keeps the first sighting and tells it once', () => {
    const heard: ProxyHint[] = [];
    const w = createProxyWatch((h) => heard.push(h));
    expect(w.seen()).toBeNull();
    w.note('10.0.0.5', new Date('2026-11-27T08:00:00Z'));
    w.note('10.0.0.6', new Date('2026-11-27T08:01:00Z'));
    expect(w.seen()).toEqual({ address: '10.0.0.5', firstSeen: '2026-11-27T08:00:00.000Z' });
    expect(heard).toEqual([{ address: '10.0.0.5', firstSeen: '2026-11-27T08:00:00.000Z' }]);
  });
});

describe('a balancer TRUST_PROXY does not name', () => {
  const TOKEN = 'operator-token-for-the-proxy-test-0123456789';
  const auth = { Authorization: `Bearer ${TOKEN}` };
  let s: TestServer | null = null;
  afterEach(async () => {
    jest.restoreAllMocks();
    await s?.close();
    s = null;
  });
  // a request as it reaches the server from `socket` (the fake socket of @hono/node-server's conninfo)
  const from = (socket: string, xff?: string) =>
    (s!.app.request as (p: string, i: RequestInit, e: unknown) => Promise<Response>)(
      '/api/shop/demo/bootstrap',
      { headers: xff ? { 'X-Forwarded-For': xff } : {} },
      { incoming: { socket: { remoteAddress: socket, remoteFamily: socket.includes(':') ? 'IPv6' : 'IPv4', remotePort: 1 } } },
    );
  const proxyStatus = async () => {
    const r = await s!.app.request('/api/operator/status', { headers: auth });
    expect(r.status).toBe(200);
    return ((await r.json()) as { proxy: unknown }).proxy;
  };

  it('is said once in the log and shown in the operator status; a forged header from the internet is not taken for one', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    s = await createTestServer({ operatorToken: TOKEN });
    expect(await proxyStatus()).toEqual({ trustProxy: false, untrustedProxy: null });
    expect((await from('203.0.113.7', '10.9.9.9')).status).toBe(200);
    expect((await from('10.0.0.4')).status).toBe(200);
    expect(await proxyStatus()).toEqual({ trustProxy: false, untrustedProxy: null });
    expect((await from('10.0.0.4', '198.51.100.7')).status).toBe(200);
    expect((await from('10.0.0.5', '198.51.100.8')).status).toBe(200);
    expect(await proxyStatus()).toEqual({ trustProxy: false, untrustedProxy: { address: '10.0.0.4', firstSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('TRUST_PROXY'));
    expect(lines).toEqual([expect.stringContaining('requests come through a proxy at 10.0.0.4 (X-Forwarded-For), but TRUST_PROXY is not set')]);
  });

  it('with TRUST_PROXY nothing to say', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    s = await createTestServer({ operatorToken: TOKEN, trustProxy: parseTrustProxy('1') });
    expect((await from('10.0.0.4', '198.51.100.7')).status).toBe(200);
    expect(await proxyStatus()).toEqual({ trustProxy: true, untrustedProxy: null });
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('TRUST_PROXY'))).toEqual([]);
  });
});
