// The menu editor's data (migration 021): one draft per shop, always a checked catalog in the
// data format; publishing writes the draft as the shop's next immutable catalog version through
// the import's own code (server/shops/store.ts) and NOTIFYs every server process, so open pages
// follow within seconds. Two devices editing at once: every save names the revision it edited,
// a stale one is refused (409), nothing is overwritten silently.
import type { Catalog } from '@shared/domain';
import type { MenuDraft as Draft, MenuPublishResult as PublishResult, MenuVersionInfo as VersionInfo } from '@shared/menuedit/api';
import { checkCatalogDocument, type CatalogProblem } from '@shared/menuedit/check';
import type { Db, DbQuery } from '../db';
import { HttpError } from '../http';
import { catalogHash, SHOP_CHANNEL, writeCatalogVersion } from '../shops/store';
import { versionOf } from '../shops/repository';

export const MENU_TEXTS = {
  conflict:
    'Die Speisekarte wurde inzwischen auf einem anderen Gerät geändert. Ihre Änderungen hier sind nicht gespeichert. Bitte neu laden und die Änderungen dann erneut eintragen.',
  invalid: 'Die Speisekarte hat noch Fehler. Bitte die markierten Felder korrigieren – veröffentlicht wurde nichts.',
  sharedCatalog: (of: string) => `Dieser Shop zeigt die Speisekarte von „${of}“. Bitte dort bearbeiten.`,
  noVersion: 'Diese Version der Speisekarte gibt es nicht.',
} as const;

/** 422 with every problem at its field (German), so the editor shows each one where it belongs */
export class DraftInvalidError extends Error {
  constructor(readonly problems: CatalogProblem[]) {
    super(MENU_TEXTS.invalid);
  }
}

interface ShopRow {
  catalog_of: string | null;
  published_version: number | null;
  published: unknown;
  content_hash: string | null;
}

const parse = <T>(x: unknown): T => (typeof x === 'string' ? JSON.parse(x) : x) as T;

async function shopRow(db: DbQuery, shopId: string, lock = false): Promise<ShopRow & { published_version: number; content_hash: string }> {
  const { rows } = await db.query<ShopRow>(
    `SELECT s.catalog_of, s.published_version, c.catalog AS published, c.content_hash
     FROM shops s LEFT JOIN catalog_versions c ON c.shop_id = s.id AND c.version = s.published_version WHERE s.id = $1${lock ? ' FOR UPDATE OF s' : ''}`,
    [shopId],
  );
  const r = rows[0];
  if (!r) throw new HttpError(404, 'unknown_shop', 'Diesen Shop gibt es nicht.');
  if (r.catalog_of) throw new HttpError(409, 'shared_catalog', MENU_TEXTS.sharedCatalog(r.catalog_of));
  if (r.published_version === null || r.content_hash === null) throw new HttpError(409, 'no_catalog', 'Dieser Shop hat noch keine Speisekarte.');
  return r as ShopRow & { published_version: number; content_hash: string };
}

export async function readDraft(db: DbQuery, shopId: string): Promise<Draft> {
  const shop = await shopRow(db, shopId);
  const { rows } = await db.query<{ catalog: unknown; revision: number; updated_at: Date | string; updated_by: string }>(
    'SELECT catalog, revision, updated_at, updated_by FROM menu_drafts WHERE shop_id = $1',
    [shopId],
  );
  const published = { version: Number(shop.published_version), label: versionOf(Number(shop.published_version), shop.content_hash) };
  const d = rows[0];
  if (!d) return { revision: 0, catalog: parse<Catalog>(shop.published), updatedAt: null, updatedBy: null, published, changed: false };
  const catalog = parse<Catalog>(d.catalog);
  return {
    revision: Number(d.revision),
    catalog,
    updatedAt: new Date(d.updated_at).toISOString(),
    updatedBy: d.updated_by,
    published,
    changed: catalogHash(catalog) !== shop.content_hash,
  };
}

/** Checks a catalog document; the checked catalog (defaults filled in) or DraftInvalidError. */
export function checkedCatalog(input: unknown): Catalog {
  const r = checkCatalogDocument(input);
  if (!r.ok) throw new DraftInvalidError(r.problems);
  return r.catalog;
}

/** Saves the draft over `revision` (0: the first draft); 409 when another device saved since. */
async function storeDraft(tx: DbQuery, shopId: string, revision: number, catalog: Catalog, by: string): Promise<number> {
  const json = JSON.stringify(catalog);
  const { rows } =
    revision === 0
      ? await tx.query<{ revision: number }>(
          `INSERT INTO menu_drafts (shop_id, catalog, revision, updated_by) VALUES ($1, $2, 1, $3)
           ON CONFLICT (shop_id) DO NOTHING RETURNING revision`,
          [shopId, json, by],
        )
      : await tx.query<{ revision: number }>(
          `UPDATE menu_drafts SET catalog = $2, revision = revision + 1, updated_at = now(), updated_by = $4
           WHERE shop_id = $1 AND revision = $3 RETURNING revision`,
          [shopId, json, revision, by],
        );
  if (!rows[0]) throw new HttpError(409, 'draft_conflict', MENU_TEXTS.conflict);
  return Number(rows[0].revision);
}

export async function saveDraft(db: Db, shopId: string, revision: number, input: unknown, by: string): Promise<Draft> {
  const catalog = checkedCatalog(input);
  await db.transaction(async (tx) => {
    await shopRow(tx, shopId, true);
    await storeDraft(tx, shopId, revision, catalog, by);
  });
  return readDraft(db, shopId);
}

/** Publishes the draft of `revision` (checked again) as the next catalog version. */
export async function publishDraft(db: Db, shopId: string, revision: number, by: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const shop = await shopRow(tx, shopId, true);
    const { rows } = await tx.query<{ catalog: unknown; revision: number }>('SELECT catalog, revision FROM menu_drafts WHERE shop_id = $1', [shopId]);
    const draft = rows[0];
    if (!draft || Number(draft.revision) !== revision) {
      if (!draft && revision === 0) return { version: Number(shop.published_version), label: versionOf(Number(shop.published_version), shop.content_hash), unchanged: true };
      throw new HttpError(409, 'draft_conflict', MENU_TEXTS.conflict);
    }
    // checked again: a draft saved under an older schema must not reach guests unchecked
    const catalog = checkedCatalog(parse<unknown>(draft.catalog));
    const hash = catalogHash(catalog);
    if (hash === shop.content_hash) return { version: Number(shop.published_version), label: versionOf(Number(shop.published_version), hash), unchanged: true };
    const version = await writeCatalogVersion(tx, shopId, catalog, by);
    await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, shopId]);
    return { version, label: versionOf(version, hash), unchanged: false };
  });
}

export async function listVersions(db: DbQuery, shopId: string, limit = 50): Promise<VersionInfo[]> {
  const shop = await shopRow(db, shopId);
  const { rows } = await db.query<{ version: number; content_hash: string; created_at: Date | string; created_by: string | null }>(
    'SELECT version, content_hash, created_at, created_by FROM catalog_versions WHERE shop_id = $1 ORDER BY version DESC LIMIT $2',
    [shopId, limit],
  );
  return rows.map((r) => ({
    version: Number(r.version),
    label: versionOf(Number(r.version), r.content_hash),
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    published: Number(r.version) === Number(shop.published_version),
  }));
}

/**
 * Restore (docs/decisions.md): version `version`'s content is published again as a new version
 * (the history only grows) and becomes the draft too, so the editor shows what guests see.
 * `revision` is the draft the owner looked at: a draft another device changed since is not dropped.
 */
export async function restoreVersion(db: Db, shopId: string, version: number, revision: number, by: string): Promise<PublishResult> {
  return db.transaction(async (tx) => {
    const shop = await shopRow(tx, shopId, true);
    const { rows } = await tx.query<{ catalog: unknown }>('SELECT catalog FROM catalog_versions WHERE shop_id = $1 AND version = $2', [shopId, version]);
    if (!rows[0]) throw new HttpError(404, 'unknown_version', MENU_TEXTS.noVersion);
    const catalog = checkedCatalog(parse<unknown>(rows[0].catalog));
    const current = await tx.query<{ revision: number }>('SELECT revision FROM menu_drafts WHERE shop_id = $1', [shopId]);
    const draftRevision = current.rows[0] ? Number(current.rows[0].revision) : 0;
    if (draftRevision !== revision) throw new HttpError(409, 'draft_conflict', MENU_TEXTS.conflict);
    await storeDraft(tx, shopId, revision, catalog, by);
    const hash = catalogHash(catalog);
    if (hash === shop.content_hash) return { version: Number(shop.published_version), label: versionOf(Number(shop.published_version), hash), unchanged: true };
    const next = await writeCatalogVersion(tx, shopId, catalog, by);
    await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, shopId]);
    return { version: next, label: versionOf(next, hash), unchanged: false };
  });
}

// ---- pictures ---------------------------------------------------------------------------------

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_TEXTS = {
  type: 'Bitte ein Bild im Format JPEG, PNG oder WebP hochladen.',
  tooLarge: `Das Bild ist zu groß (höchstens ${MAX_IMAGE_BYTES / 1024 / 1024} MB). Bitte ein kleineres Bild wählen.`,
  broken: 'Die Datei ist kein lesbares Bild dieses Formats.',
  empty: 'Die Datei ist leer.',
} as const;

/** The bytes really are the announced format (a renamed HTML file is not a picture) */
export function sniffImage(bytes: Uint8Array, type: ImageType): boolean {
  const at = (offset: number, sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  if (type === 'image/png') return at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (type === 'image/jpeg') return at(0, [0xff, 0xd8, 0xff]);
  return at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50]);
}

export async function storeImage(db: DbQuery, shopId: string, imageId: string, type: ImageType, bytes: Uint8Array, by: string): Promise<void> {
  await db.query('INSERT INTO media_uploads (shop_id, image_id, content_type, bytes, created_by) VALUES ($1, $2, $3, $4, $5)', [
    shopId,
    imageId,
    type,
    Buffer.from(bytes),
    by,
  ]);
}

export async function readImage(db: DbQuery, shopId: string, imageId: string): Promise<{ type: string; bytes: Uint8Array } | null> {
  const { rows } = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'SELECT content_type, bytes FROM media_uploads WHERE shop_id = $1 AND image_id = $2',
    [shopId, imageId],
  );
  return rows[0] ? { type: rows[0].content_type, bytes: new Uint8Array(rows[0].bytes) } : null;
}
