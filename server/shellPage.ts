// The shell's HTML for a page route: the shop it shows (by the /f={slug} prefix, or the
// default shop) goes in as meta tags, and the splash '{Restaurantname} ist gleich da...'
// carries the restaurant's name before any script has run.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShopData } from './data/load';

const SLUG = /^\/f=([A-Za-z0-9][A-Za-z0-9-]{0,62})(?:\/|$)/;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface ShellPage {
  status: number;
  html: string;
  /** the shop shown (null: unknown slug) */
  shopId: string | null;
}

export function createShellPage(distDir: string, data: ShopData, defaultShop: string | null) {
  let cached: { mtimeMs: number; html: string } | null = null;
  const fallbackShop =
    defaultShop && data.shops.has(defaultShop)
      ? defaultShop
      : data.shops.has('demo')
        ? 'demo'
        : ([...data.shops.keys()][0] ?? null);

  async function template(): Promise<string | null> {
    const file = join(distDir, 'index.html');
    try {
      const st = await stat(file);
      if (!cached || cached.mtimeMs !== st.mtimeMs) cached = { mtimeMs: st.mtimeMs, html: await readFile(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  }

  function shopFor(pathname: string): { id: string | null; known: boolean } {
    const m = SLUG.exec(pathname);
    if (!m) return { id: fallbackShop, known: fallbackShop !== null };
    const slug = m[1].toLowerCase();
    for (const [id, shop] of data.shops) {
      if (shop.config.slug === slug || id === slug) return { id, known: true };
    }
    return { id: null, known: false };
  }

  return async function render(pathname: string): Promise<ShellPage | null> {
    const html = await template();
    if (html === null) return null;
    const shop = shopFor(pathname);
    const config = shop.id ? data.shops.get(shop.id)?.config : undefined;
    const name = config?.restaurantName ?? 'Der Shop';
    const meta = shop.id
      ? `<meta name="tischlein:shop" content="${escapeHtml(shop.id)}" />\n    <meta name="tischlein:name" content="${escapeHtml(name)}" />`
      : '<meta name="tischlein:shop" content="" />';
    return {
      shopId: shop.id,
      status: shop.known ? 200 : 404,
      html: html
        .replace('<!--META-->', meta)
        .replace('<title>Tischlein</title>', `<title>${escapeHtml(config?.title || name)}</title>`)
        .replace(/(<span id="splash-name">)[^<]*(<\/span>)/, `$1${escapeHtml(name)}$2`),
    };
  };
}
