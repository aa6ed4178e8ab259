import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestServer, type TestServer } from './testing';
import { precompressDir } from '../scripts/precompress';
import { readFirstChunks } from './static';

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
  writeFileSync(join(dist, 'first-chunks.json'), JSON.stringify({ menu: ['/remotes/menu/123.3f9a1c2b7d.js'], cart: ['/remotes/cart/9.0a1b2c3d4e.js'] }));
  writeFileSync(join(dist, 'remotes', 'menu', 'remoteEntry.js'), js);
  writeFileSync(join(dist, 'remotes', 'menu', '123.3f9a1c2b7d.js'), js);
  writeFileSync(join(dist, 'remotes', 'menu', 'remoteEntry.5e6f7a8b9c.js'), js);
  mkdirSync(join(dist, 'embed'), { recursive: true });
  writeFileSync(join(dist, 'embed', 'runtime.d0d3e0b2a3.js'), js);
  writeFileSync(join(dist, 'shell', 'shell.ffb049877e.js'), js);
  writeFileSync(join(dist, 'shell', 'main.0123abcd.css'), 'body{}'.repeat(100));
  writeFileSync(join(dist, 'shell', 'pre.abcdef0123.js'), js);
  precompressDir(dist);
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

  it('hashed names (chunks, remote entries, the embed runtime, the shell) are immutable, also precompressed', async () => {
    for (const p of [
      '/remotes/menu/123.3f9a1c2b7d.js',
      '/remotes/menu/remoteEntry.5e6f7a8b9c.js',
      '/embed/runtime.d0d3e0b2a3.js',
      '/shell/shell.ffb049877e.js',
      '/shell/main.0123abcd.css',
    ]) {
      for (const enc of ['identity', 'br', 'gzip']) {
        const res = await get(p, { 'Accept-Encoding': enc });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('only embed.js, widgets.json, the shell page and the bootstrap revalidate (no-cache + ETag → 304)', async () => {
    for (const p of ['/embed.js', '/widgets.json', '/', '/api/shop/demo/bootstrap']) {
      const res = await get(p, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^(W\/)?"/);
      expect((await get(p, { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(304);
    }
  });

  it('sends the .br/.gz the build wrote, else the file', async () => {
    const br = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(bytes.length).toBeLessThan(js.length / 5);
    expect(brotliDecompressSync(bytes).toString()).toBe(js);
    const gz = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const none = await get('/remotes/menu/remoteEntry.js', { 'Accept-Encoding': 'identity' });
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

  it('an unknown path of the shop answers 404 with the shell (its not-found page), not 200', async () => {
    for (const p of ['/gibt-es-nicht', '/f=burgerwerk-sued/gibt-es-nicht', '/checkout/success/a/b']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<title>Shell</title>');
    }
  });

  it('favicon answers', async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('the shell page carries a strict CSP and Referrer-Policy', async () => {
    const res = await get('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the shell CSP names only directives every engine knows (WebKit logs an error for manifest-src)', async () => {
    const csp = (await get('/')).headers.get('content-security-policy')!;
    const names = csp.split(';').map((d) => d.trim().split(/\s+/)[0]).filter(Boolean);
    expect(names).not.toContain('manifest-src');
  });

  it('frame-ancestors lists the shop’s own origins', async () => {
    await s.update((d) => void (d.shops.get('demo')!.allowedOrigins = ['https://pizza.example']));
    try {
      const csp = (await get('/')).headers.get('content-security-policy')!;
      expect(csp).toMatch(/frame-ancestors 'self' https:\/\/pizza\.example/);
    } finally {
      await s.update((d) => void delete d.shops.get('demo')!.allowedOrigins);
    }
  });

  it('never leaves the folder', async () => {
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/%00', '/%E0%A4%A']) {
      const res = await get(p);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).not.toContain('"dependencies"');
    }
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

describe("the menu's first chunk, named in its first view", () => {
  it('menu-view preloads the chunk the build listed, from the public origin, at the end of the first view', async () => {
    const html = await (await get('/api/shop/demo/menu-view')).text();
    const tree = html.split('</style>')[1];
    // the chunk, then the catalog of the published version, at the end
    expect(tree).toMatch(/<link rel="preload" as="script" href="http:\/\/localhost\/remotes\/menu\/123\.3f9a1c2b7d\.js"><link rel="preload" as="fetch" crossorigin="anonymous" href="http:\/\/localhost\/api\/shop\/demo\/catalog\/\d+-[0-9a-f]{12}"><\/div>$/);
    // only the menu's
    expect(html).not.toContain('/remotes/cart/');
  });

  it('first-chunks.json is not served', async () => {
    const res = await get('/first-chunks.json');
    expect(res.headers.get('content-type')).not.toMatch(/json/);
    expect(await res.text()).not.toContain('123.3f9a1c2b7d');
  });

  it('reads the list; a missing or malformed file, or a path outside /remotes, gives no preload', () => {
    expect(readFirstChunks(dist)).toEqual({ menu: ['/remotes/menu/123.3f9a1c2b7d.js'], cart: ['/remotes/cart/9.0a1b2c3d4e.js'] });
    const other = mkdtempSync(join(tmpdir(), 'tischlein-chunks-'));
    try {
      expect(readFirstChunks(other)).toEqual({});
      writeFileSync(join(other, 'first-chunks.json'), '{"menu": [');
      expect(readFirstChunks(other)).toEqual({});
      writeFileSync(join(other, 'first-chunks.json'), '["/remotes/menu/1.js"]');
      expect(readFirstChunks(other)).toEqual({});
      writeFileSync(
        join(other, 'first-chunks.json'),
        JSON.stringify({ menu: ['/remotes/menu/1.ab.js', 'https://evil.example/x.js', '/remotes/menu/"><script>.js', 7], cart: 'x' }),
      );
      expect(readFirstChunks(other)).toEqual({ menu: ['/remotes/menu/1.ab.js'] });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
