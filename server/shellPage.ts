// The shell's HTML for a page route: the shop it shows (by the restaurant's own host name, the
// /f={slug} prefix, or the default shop) goes in as meta tags, and the splash '{Restaurantname} ist gleich da...'
// carries the restaurant's name before any script has run.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { matchRoute } from '@shared/pages/routes';
import type { ShopRecord, ShopRepository } from './shops/repository';
import { html, htmlText } from './html';

export interface ShellPage {
  status: number;
  html: string;
  /** the shop shown (null: unknown slug or host) */
  shopId: string | null;
  /** the shop's allowedOrigins (frame-ancestors) */
  allowedOrigins?: string[];
}

/** Host names that show the default shop without a row in shop_hosts: this machine and PUBLIC_ORIGIN's. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** 'Shop.Example:8080' -> 'shop.example'; '[::1]:80' -> '[::1]' */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const h = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[^:]+)(?::\d{1,5})?$/.exec(h);
  return m ? m[1].replace(/\.$/, '') : null;
}

export interface ShellOptions {
  /** the shop shown without prefix on the server's own host names (default 'demo', else the first) */
  defaultShop: string | null;
  /** PUBLIC_ORIGIN's host name: shows the default shop like localhost */
  publicHost: string | null;
}

/**
 * Which shop a page request shows. The Host header selects a public shop page and nothing else
 * (links keep using PUBLIC_ORIGIN): a restaurant's own host (shop_hosts) shows its shop, and a
 * /f={slug} prefix there only the branches of the same franchise; the server's own host names
 * show the /f={slug} shop or the default shop; any other host gets the not-found page.
 */
export async function shopForPage(shops: ShopRepository, opts: ShellOptions, pathname: string, host: string | undefined): Promise<ShopRecord | null> {
  // the /f={slug} prefix as the shell's route table reads it
  const slug = matchRoute(pathname).slug;
  const name = hostName(host);
  const own = name && !LOCAL_HOSTS.has(name) && name !== opts.publicHost ? await shops.shopByHost(name) : null;
  if (name && !own && !LOCAL_HOSTS.has(name) && name !== opts.publicHost) return null;
  if (!slug) {
    if (own) return own;
    const id = (opts.defaultShop && (await shops.getShop(opts.defaultShop)) ? opts.defaultShop : null) ?? (await shops.defaultShopId());
    return id ? shops.getShop(id) : null;
  }
  const shop = await shops.shopBySlug(slug);
  if (!shop || !own) return shop;
  // on a restaurant's own domain: itself, or a branch of its own franchise
  if (shop.config.id === own.config.id) return shop;
  return own.franchiseId !== null && shop.franchiseId === own.franchiseId ? shop : null;
}

/** The built shell page (dist/index.html), read again when the build changed it; null without a build. */
export function shellTemplate(distDir: string): () => Promise<string | null> {
  let cached: { mtimeMs: number; html: string } | null = null;
  return async function template(): Promise<string | null> {
    const file = join(distDir, 'index.html');
    try {
      const st = await stat(file);
      if (!cached || cached.mtimeMs !== st.mtimeMs) cached = { mtimeMs: st.mtimeMs, html: await readFile(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}

export function createShellPage(distDir: string, shops: ShopRepository, opts: ShellOptions) {
  const template = shellTemplate(distDir);

  return async function render(pathname: string, host?: string): Promise<ShellPage | null> {
    const page = await template();
    if (page === null) return null;
    const shop = await shopForPage(shops, opts, pathname, host);
    const config = shop?.config;
    const name = config?.restaurantName ?? 'Der Shop';
    const meta = htmlText(
      config
        ? html`<meta name="tischlein:shop" content="${config.id}" />\n    <meta name="tischlein:name" content="${name}" />`
        : html`<meta name="tischlein:shop" content="" />`,
    );
    const title = htmlText(html`<title>${config?.title || name}</title>`);
    const splashName = htmlText(html`${name}`);
    return {
      shopId: config?.id ?? null,
      // an unknown shop, or a path no route of the shell knows: the not-found page with 404
      status: shop && matchRoute(pathname).name !== 'notFound' ? 200 : 404,
      ...(shop?.allowedOrigins ? { allowedOrigins: shop.allowedOrigins } : {}),
      // replacement functions: a '$' in a restaurant's name is text, not a replacement pattern ($1, $&, $')
      html: page
        .replace('<!--META-->', () => meta)
        .replace('<title>Tischlein</title>', () => title)
        .replace(/(<span id="splash-name">)[^<]*(<\/span>)/, (_m, open: string, close: string) => `${open}${splashName}${close}`),
    };
  };
}
