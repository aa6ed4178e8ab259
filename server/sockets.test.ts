// A 413 on a real socket: a chunked body over the limit gets `Connection: close` and the server
// ends the connection cleanly (before, it answered keep-alive and then reset the socket).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { createTestServer, type TestServer } from './testing';

let s: TestServer;
let server: ServerType;
let port = 0;

beforeAll(async () => {
  s = await createTestServer();
  server = await new Promise<ServerType>((ready) => {
    const srv = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(srv));
  });
  port = (server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await new Promise((done) => server.close(done));
  await s.close();
});

/** Sends a raw request, returns everything the server sent and how the connection ended. */
function exchange(head: string, chunks: Buffer[]): Promise<{ text: string; ended: 'end' | 'error'; error?: string }> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    const parts: Buffer[] = [];
    let settled = false;
    const finish = (ended: 'end' | 'error', error?: string) => {
      if (settled) return;
      settled = true;
      done({ text: Buffer.concat(parts).toString('latin1'), ended, error });
    };
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => finish('end'));
    socket.on('error', (e: NodeJS.ErrnoException) => finish('error', e.code));
    socket.on('connect', () => {
      socket.write(head);
      for (const c of chunks) socket.write(`${c.length.toString(16)}\r\n${c.toString('latin1')}\r\n`);
      socket.write('0\r\n\r\n');
    });
  });
}

describe('413 over a real socket', () => {
  it('a chunked body over 64 KB: 413, Connection: close, the connection ends without a reset', async () => {
    const head = 'POST /api/platform/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n';
    const chunk = Buffer.from(`"${'x'.repeat(8 * 1024 - 2)}"`);
    const r = await exchange(head, Array.from({ length: 10 }, () => chunk)); // 80 KB
    expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(r.text).not.toMatch(/keep-alive/i);
    expect(r.text).toContain('"error":"payload_too_large"');
    expect(r).toMatchObject({ ended: 'end' });
  });

  it('a declared Content-Length over the limit: 413 with Connection: close too', async () => {
    const head = `POST /api/platform/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${100 * 1024}\r\n\r\n`;
    const r = await new Promise<string>((done) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      const parts: Buffer[] = [];
      socket.on('data', (d) => parts.push(d));
      socket.on('close', () => done(Buffer.concat(parts).toString('latin1')));
    });
    expect(r).toMatch(/^HTTP\/1\.1 413 /);
    expect(r).toMatch(/\r\nconnection: close\r\n/i);
  });
});

describe('request bodies over a real socket (CPU per order)', () => {
  const post = (path: string, body: string, extra = '') =>
    new Promise<string>((done) => {
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extra}\r\n`;
      const socket = connect(port, '127.0.0.1', () => socket.write(head + body));
      const parts: Buffer[] = [];
      socket.on('data', (d) => parts.push(d));
      socket.on('close', () => done(Buffer.concat(parts).toString('utf8')));
    });

  it('a body with a Content-Length under the limit is read straight from Node, without a web stream of it', async () => {
    const toWeb = jest.spyOn(Readable, 'toWeb');
    try {
      // an order the server reads and refuses for its content: the JSON was parsed (a 400 naming the field)
      const r = await post('/api/shop/demo/order', JSON.stringify({ formValues: { name: 'Zoë Müller' }, orderItems: 'keine Liste' }));
      expect(r).toMatch(/^HTTP\/1\.1 400 /);
      expect(r).toContain('"error":"invalid_request"');
      // and a body that is no JSON: the German message of readJson
      const bad = await post('/api/shop/demo/order', '{"formValues":');
      expect(bad).toMatch(/^HTTP\/1\.1 400 /);
      expect(bad).toContain('"error":"invalid_json"');
      expect(toWeb).not.toHaveBeenCalled();
    } finally {
      toWeb.mockRestore();
    }
  });

  it('a Content-Length just over the limit is still refused with 413 before the body is read', async () => {
    const r = await post('/api/platform/event', `"${'x'.repeat(64 * 1024 - 1)}"`); // 64 KB + 1 byte
    expect(r).toMatch(/^HTTP\/1\.1 413 /);
    expect(r).toContain('"error":"payload_too_large"');
  });
});
