// The host pages' own server (any driver): each page from tests/hosts/pages/ with the shop's and
// the frame's origin filled in, and the vendor files the pages link (from node_modules), nothing
// else. Two loopback ports, so a framed page's frame is another origin (one site: it keeps its storage).
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { HOST_PAGES } from './pages';

const ROOT = resolve(__dirname, '../..');
const PAGE_DIR = resolve(ROOT, 'tests/hosts/pages');

/** The package file of a vendor path (the first candidate that is installed), else null. */
export function vendorFile(candidates: string[]): string | null {
  for (const c of candidates) {
    const f = resolve(ROOT, 'node_modules', c);
    if (existsSync(f)) return f;
  }
  return null;
}

export interface PageServer {
  /** the pages' origin, e.g. http://localhost:41234 */
  host: string;
  /** the framed pages' origin (another port) */
  frame: string;
  close(): Promise<void>;
}

/**
 * Starts the page server. `head` (optional) goes first into every page's <head>: a driver's own
 * script (tests/hosts/inpage.js for engines without init scripts).
 */
export async function startPageServer(shop: string, head = ''): Promise<PageServer> {
  const servers: Server[] = [];
  let frame = '';
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = url.pathname.slice(1);
    const vendor = HOST_PAGES.map((p) => p.vendor?.[url.pathname]).find((v) => v !== undefined);
    if (vendor) {
      const f = vendorFile(vendor);
      res.writeHead(f ? 200 : 404, { 'Content-Type': url.pathname.endsWith('.js') ? 'text/javascript' : 'text/css' }).end(f ? readFileSync(f) : '');
      return;
    }
    if (!/^[\w-]+\.html$/.test(name) || !existsSync(resolve(PAGE_DIR, name))) {
      res.writeHead(404).end();
      return;
    }
    const html = readFileSync(resolve(PAGE_DIR, name), 'utf8')
      .replaceAll('__SHOP_ORIGIN__', shop)
      .replaceAll('__FRAME_ORIGIN__', frame)
      .replace('<head>', `<head>${head}`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
  };
  const listen = () =>
    new Promise<number>((done) => {
      const server = createServer(handle);
      servers.push(server);
      server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port));
    });
  const host = `http://localhost:${await listen()}`;
  frame = `http://localhost:${await listen()}`;
  return {
    host,
    frame,
    close: () => Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done())))).then(() => undefined),
  };
}
