// An owner's import and export of the own shop (staff app 'Einbinden'): the data file format
// (docs/data-format.md), checked by the same schemas and cross checks as `npm run shops -- import`
// (parseData) and written by the same code (writeShopData), in one transaction: a broken file
// changes nothing. What belongs to the platform is not the owner's to change here: other shops,
// franchises, the gazetteer, host names, the private settings and secrets (they stay as stored).
import type { ServerContext } from '../context';
import { DataFileError, parseData } from '../data/load';
import { exportShopData, writeShopData } from './store';

export type OwnerImportResult = { ok: true; newVersion: boolean; coupons: number } | { ok: false; problems: string[] };

/** The shop's file without credentials (no waiter password, no secrets) */
export function exportOwnShop(ctx: ServerContext, shopId: string): Promise<Record<string, unknown>> {
  return exportShopData(ctx.db, [shopId]);
}

/** 'shops[0].config.restaurantZip: expected …' → one German line with the field's path */
function german(problem: string): string {
  const at = problem.indexOf(': ');
  return at < 0 ? `Ungültige Datei (${problem}).` : `${problem.slice(0, at)}: Ungültiger Wert (${problem.slice(at + 2)}).`;
}

const onlyThisShop = (shopId: string, ids: string[]) =>
  `shops: Die Datei muss genau diesen Shop enthalten (config.id „${shopId}“), gefunden: ${ids.map((i) => `„${i}“`).join(', ') || 'keinen'}.`;

export async function importOwnShop(ctx: ServerContext, shopId: string, json: unknown): Promise<OwnerImportResult> {
  // another shop's data is refused before anything else (its lines would not help this owner)
  const named = (json as { shops?: { config?: { id?: unknown } }[] } | null)?.shops;
  if (Array.isArray(named)) {
    const ids = named.map((x) => String(x?.config?.id ?? '?'));
    if (ids.length !== 1 || ids[0] !== shopId) return { ok: false, problems: [onlyThisShop(shopId, ids)] };
  }
  let data;
  try {
    data = parseData(json, 'Datei');
  } catch (e) {
    if (e instanceof DataFileError) return { ok: false, problems: e.problems.map(german) };
    throw e;
  }
  const problems: string[] = [];
  const ids = [...data.shops.keys()];
  if (ids.length !== 1 || ids[0] !== shopId) problems.push(onlyThisShop(shopId, ids));
  const shop = data.shops.get(shopId);
  return ctx.db.transaction(async (tx): Promise<OwnerImportResult> => {
    const { rows } = await tx.query<{ slug: string | null; franchise_id: string | null; catalog_of: string | null; hosts: string[] | null }>(
      `SELECT slug, franchise_id, catalog_of, ARRAY(SELECT h.host FROM shop_hosts h WHERE h.shop_id = s.id ORDER BY h.host) AS hosts
       FROM shops s WHERE id = $1 FOR UPDATE`,
      [shopId],
    );
    const now = rows[0];
    if (!now) throw new Error(`no shop '${shopId}'`);
    if (shop) {
      if ((shop.config.slug ?? null) !== now.slug) problems.push('shops[0].config.slug: Die Adresse im Franchise ändert nur der Betreiber. Bitte den Wert aus dem Export lassen.');
      if ((shop.config.franchiseId ?? null) !== now.franchise_id) problems.push('shops[0].config.franchiseId: Die Franchise-Zuordnung ändert nur der Betreiber. Bitte den Wert aus dem Export lassen.');
      if ((shop.catalogOf ?? null) !== now.catalog_of) problems.push('shops[0].catalogOf: Eine fremde Speisekarte ändert nur der Betreiber. Bitte den Wert aus dem Export lassen.');
      if ([...(shop.hosts ?? [])].sort().join(' ') !== [...(now.hosts ?? [])].sort().join(' ')) problems.push('shops[0].hosts: Die Web-Adressen ändert nur der Betreiber. Bitte den Wert aus dem Export lassen.');
    }
    if (problems.length || !shop) return { ok: false, problems };
    // the private settings stay as stored (the export leaves the credentials out)
    const { rows: st } = await tx.query<{ settings: unknown }>('SELECT settings FROM shop_settings WHERE shop_id = $1', [shopId]);
    const settings = st[0] ? (typeof st[0].settings === 'string' ? JSON.parse(st[0].settings) : st[0].settings) : null;
    data.settings = settings ? new Map([[shopId, settings]]) : new Map();
    const r = await writeShopData(tx, data, { platform: false });
    return { ok: true, newVersion: r.newVersions.includes(shopId), coupons: r.coupons };
  });
}
