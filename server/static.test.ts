import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestServer, type TestServer } from './testing';
import { createStaticHandler } from './static';

let s: TestServer;
let dist: string;
const js = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tischlein-dist-'));
  mkdirSync(join(dist, 'remotes', 'menu'), { recursive: true });
  mkdirSync(join(dist, 'shell'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shell</title>');
  writeFileSync(join(dist, 'embed.js'), js);
  writeFileSync(join(dist, 'widgets.json'), JSON.stringify({ menu: '/remotes/menu/remoteEntry.js' }));
  writeFileSync(join(dist, 'remotes', 'menu', 'remoteEntry.js'), js);
  writeFileSync(join(dist, 'remotes', 'menu', '123.3f9a1c2b7d.js'), js);
  writeFileSync(join(dist, 'shell', 'main.0123abcd.css'), 'body{}'.repeat(100));
  writeFileSync(join(dist, 'shell', 'pre.abcdef0123.js'), js);
  writeFileSync(join(dist, 'shell', 'pre.abcdef0123.js.br'), brotliCompressSync(Buffer.from('/*precomputed*/')));
  s = await createTestServer({ distDir: dist });
}, 60_000);
afterAll(async () => {
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => s.app.request(path, { headers });

describe('static build', () => {
  it('serves files with CORS * and no-cache + ETag for unhashed names', async () => {
    const res = await get('/embed.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(await res.text()).toBe(js);
    expect((await get('/embed.js', { 'If-None-Match': etag })).status).toBe(304);
    expect((await get('/widgets.json')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/remotes/menu/remoteEntry.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('hashed names are immutable', async () => {
    for (const p of ['/remotes/menu/123.3f9a1c2b7d.js', '/shell/main.0123abcd.css']) {
      expect((await get(p)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses with brotli, else gzip, once', async () => {
    const br = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(js.length / 5);
    expect(brotliDecompressSync(bytes).toString()).toBe(js);
    const gz = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const none = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers.get('content-encoding')).toBeNull();
  });

  it('uses a precomputed .br sibling', async () => {
    const res = await get('/shell/pre.abcdef0123.js', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe('/*precomputed*/');
  });

  it('falls back to index.html for client routes, not for missing assets or the API', async () => {
    for (const p of ['/', '/checkout', '/f=burgerwerk-sued/oeffnungszeiten', '/static/agb']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Shell</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('/remotes/menu/missing.js')).status).toBe(404);
    expect((await get('/api/nothing')).headers.get('content-type')).toMatch(/json/);
    expect((await get('/media/demo')).status).toBe(404);
  });

  it('never leaves the folder', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00', '/%E0%A4%A']) {
      const res = await get(p);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).not.toContain('"dependencies"');
    }
  });
});

describe('example pages handler', () => {
  it('serves the nearest index.html per directory', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tischlein-examples-'));
    mkdirSync(join(root, 'franchise'));
    writeFileSync(join(root, 'index.html'), 'root');
    writeFileSync(join(root, 'franchise', 'index.html'), 'franchise');
    const serve = createStaticHandler({ root, fallback: 'directory', cors: true });
    const text = async (p: string) => (await serve(new Request(`http://x${p}`), p))?.text();
    expect(await text('/')).toBe('root');
    expect(await text('/franchise/')).toBe('franchise');
    expect(await text('/franchise/some/deep/page')).toBe('franchise');
    expect(await text('/other')).toBe('root');
    rmSync(root, { recursive: true, force: true });
  });
});

describe('without a build', () => {
  it('answers 404 with a hint instead of crashing', async () => {
    const t = await createTestServer({ distDir: null });
    const res = await t.app.request('/');
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/npm run build/);
    await t.close();
  }, 60_000);
});
