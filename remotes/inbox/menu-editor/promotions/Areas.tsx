// The Speisekarte's areas as tabs: 'Gerichte' (the dishes, from MenuEditor) and the set menus,
// discounts, two-for-one promotions, offers and popular combinations — all in the same draft,
// saved and published with it; and the coupons (their own table: saved at once, Coupons.tsx). Arrow keys, Home and End move between the tabs (WAI-ARIA tabs).
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Catalog } from '@shared/domain';
import type { Edit } from './controls';
import { Coupons } from './Coupons';
import { Discounts } from './Discounts';
import { Menus } from './Menus';
import { Offers } from './Offers';
import { Popular } from './Popular';
import { PROMO_TEXTS as T } from './texts';
import { TwoForOne } from './TwoForOne';

export type Area = 'dishes' | 'menus' | 'discounts' | 'twoForOne' | 'offers' | 'popular' | 'coupons';

export const AREAS: { id: Area; label: string }[] = [
  { id: 'dishes', label: T.dishes },
  { id: 'menus', label: T.menus },
  { id: 'discounts', label: T.discounts },
  { id: 'twoForOne', label: T.twoForOne },
  { id: 'offers', label: T.offers },
  { id: 'popular', label: T.popular },
  { id: 'coupons', label: T.coupons },
];

/** The area showing the field at `path` (a refused save opens the area of its first problem) */
export function areaOfPath(path: string | undefined): Area {
  if (!path) return 'dishes';
  if (/^dishes\[\d+\]\.popularExtraCombination/.test(path)) return 'popular';
  if (path.startsWith('menus')) return 'menus';
  if (path.startsWith('discounts')) return 'discounts';
  if (path.startsWith('twoForOnePromotions')) return 'twoForOne';
  if (path.startsWith('offers')) return 'offers';
  return 'dishes';
}

interface Props {
  area: Area;
  onArea(a: Area): void;
  catalog: Catalog;
  edit: Edit;
  /** for the coupons (their own table, saved at once) */
  shopId: string;
  /** the 'Gerichte' area (categories and dishes) */
  dishes: ReactNode;
}

export function Areas({ area, onArea, catalog, edit, shopId, dishes }: Props) {
  const tabs = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const i = AREAS.findIndex((a) => a.id === area);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: AREAS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = AREAS[(to + AREAS.length) % AREAS.length].id;
    onArea(next);
    requestAnimationFrame(() => tabs.current?.querySelector<HTMLElement>(`#me-tab-${next}`)?.focus());
  };
  return (
    <>
      <div className="me-tabs" role="tablist" aria-label={T.areas} ref={tabs}>
        {AREAS.map((a) => (
          <button
            key={a.id}
            type="button"
            role="tab"
            id={`me-tab-${a.id}`}
            aria-selected={a.id === area}
            aria-controls="me-area-panel"
            tabIndex={a.id === area ? 0 : -1}
            className="me-tab"
            onClick={() => onArea(a.id)}
            onKeyDown={onKey}
          >
            {a.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="me-area-panel" aria-labelledby={`me-tab-${area}`} className="me-panel">
        {area === 'dishes' && dishes}
        {area === 'menus' && <Menus catalog={catalog} edit={edit} />}
        {area === 'discounts' && <Discounts catalog={catalog} edit={edit} />}
        {area === 'twoForOne' && <TwoForOne catalog={catalog} edit={edit} />}
        {area === 'offers' && <Offers catalog={catalog} edit={edit} />}
        {area === 'popular' && <Popular catalog={catalog} edit={edit} />}
        {area === 'coupons' && <Coupons shopId={shopId} />}
      </div>
    </>
  );
}

/** The areas' CSS (added to the Speisekarte's own) */
export const areasCss = `
.me-tabs{display:flex;flex-wrap:wrap;gap:.25rem;border-bottom:2px solid #ccc}
.me-tab{min-height:44px;padding:.25rem 1rem;border:1px solid #ccc;border-bottom:0;border-radius:8px 8px 0 0;background:#f2f2f2;font:inherit;color:#1a1a1a;cursor:pointer}
.me-tab[aria-selected="true"]{background:#fff;border:2px solid #b1361e;border-bottom:0;font-weight:700}
.me-area{display:flex;flex-direction:column;gap:1rem;align-items:stretch}
.me-area>button,.me-area .me-set>button,.me-group>.me-danger{align-self:flex-start}
.me-entry{border:1px solid #ccc;border-radius:8px;padding:.75rem;display:flex;flex-direction:column;gap:.75rem;min-width:0}
.me-entryhead{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
.me-entryhead h3{margin:0;font-size:1.1rem;overflow-wrap:anywhere}
.me-set .me-set{border-style:dashed}
`;
