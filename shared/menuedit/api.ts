// The menu editor's answers (docs/api.md "Speisekarte"): the server sends them, the staff app
// reads them; one declaration for both.
import type { Catalog } from '@shared/domain';

/** GET/PUT …/menu/draft */
export interface MenuDraft {
  /** 0: no draft saved yet (the published catalog is shown) */
  revision: number;
  catalog: Catalog;
  updatedAt: string | null;
  updatedBy: string | null;
  published: { version: number; label: string };
  /** the draft differs from the published catalog */
  changed: boolean;
}

/** POST …/menu/publish and …/menu/versions/{n}/restore */
export interface MenuPublishResult {
  version: number;
  label: string;
  /** the draft equals the published catalog: no new version */
  unchanged: boolean;
}

/** One entry of GET …/menu/versions */
export interface MenuVersionInfo {
  version: number;
  label: string;
  createdAt: string;
  /** the staff member's name; null: an import */
  createdBy: string | null;
  published: boolean;
}
