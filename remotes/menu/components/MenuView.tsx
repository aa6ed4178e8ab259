// The main menu: navigation, filter and search, deals, menus, categories with their dishes, the
// payment-method strip. Pure rendering of the catalog and the engine's prices.
import { memo, useMemo } from 'react';
import type { Catalog, Dish, ShopConfig } from '@shared/domain';
import { dishDiscountLabel, dishPrice, menuPrice, type PricingContext } from '@shared/pricing';
import { DIET_FILTERS, effectiveTags, matchesDietFilters, matchesSearch, type DietFilter } from '@shared/rules';
import { Price } from '@shared/ui';
import { PAYMENT_METHOD_NAMES, formatEuro } from '@shared/i18n';
import {
  DIET_FILTER_LABELS, FILTER_LABEL, INFO_BUTTON, NAV_CATEGORIES, NO_DISHES_FOUND, PAYMENT_METHODS_LABEL, RESET_FILTER, SCROLL_TOP, SEARCH_LABEL, SECTION_DEALS, SECTION_MENUS, dishesFound, selectDish,
} from '../texts';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from '@shared/ops/guestTexts';
import { Picture, TagList } from './common';

const SOLD_OUT = OPS_TEXTS.soldOut;
const soldOutDish = (name: string) => `${name}: ${OPS_TEXTS.soldOut}`;
import { offerHeadline } from './common';

export interface MenuViewProps {
  catalog: Catalog;
  config: ShopConfig;
  ctx: PricingContext;
  showPictures: boolean;
  /** the categories as a vertical list (dev flag verticalMenu, waiter mode) */
  vertical?: boolean;
  showNumbers: boolean;
  filters: readonly DietFilter[];
  query: string;
  onFilters(f: DietFilter[]): void;
  onQuery(q: string): void;
  onScroll(id: string): void;
  onDish(id: string): void;
  onInfo(id: string): void;
  onMenu(id: string): void;
  onOffer(id: string): void;
  /** the server's pre-render: only the first this many dishes (the first screens) */
  maxDishes?: number;
  /** dishes and menus the staff marked sold out (shared/ops): shown as such, not addable */
  soldOut?: ReadonlySet<string>;
}

function DishPrice({ catalog, dish, ctx }: { catalog: Catalog; dish: Dish; ctx: PricingContext }) {
  const sizes = dish.sizes.length ? dish.sizes.map((s) => s.id) : [null];
  const prices = sizes.map((id) => dishPrice(catalog, dish, id, ctx));
  let best = prices[0];
  for (const p of prices) if (p.price < best.price) best = p;
  const several = new Set(prices.map((p) => p.price)).size > 1;
  return (
    <span className="menu-dish__price">
      {several && <span className="menu-dish__from">ab </span>}
      <Price cents={best.price} originalCents={best.hasDiscount ? best.nonDiscounted : null} />
      {best.deposit > 0 && <span className="menu-dish__deposit"> zzgl. {formatEuro(best.deposit)} Pfand</span>}
      {!several && best.litrePrice && <span className="menu-dish__litre"> {best.litrePrice}</span>}
    </span>
  );
}

interface DishItemProps {
  catalog: Catalog;
  dish: Dish;
  ctx: PricingContext;
  hiddenTags: ShopConfig['hiddenTags'];
  shopId: string;
  promo: { label: string } | undefined;
  soldOut: boolean;
  showPictures: boolean;
  showNumbers: boolean;
  onDish(id: string): void;
  onInfo(id: string): void;
}

/**
 * One dish of the list: a component of its own, so that React's first render of a long menu (a
 * transition) can pause between dishes and let the page run, and a change of one price re-renders little.
 */
const DishItem = memo(function DishItem({ catalog, dish, ctx, hiddenTags, shopId, promo, soldOut, showPictures, showNumbers, onDish, onInfo }: DishItemProps) {
  const label = dishDiscountLabel(catalog, dish, ctx);
  return (
    <li className={`menu-dish${soldOut ? ' menu-dish--soldout' : ''}`} data-dish-id={dish.id} id={`dish-${dish.id}`}>
      {showPictures && dish.imageName && <Picture shopId={shopId} imageId={dish.imageName} kind="dishList" className="menu-dish__pic" />}
      <div className="menu-dish__body">
        <h3>
          {showNumbers && dish.number && <span className="menu-dish__number">{dish.number}</span>}
          {dish.name}
        </h3>
        <TagList tags={effectiveTags(dish, hiddenTags)} />
        {(label || promo || soldOut) && (
          <p className="menu-dish__labels">
            {soldOut && <span className="menu-label menu-label--soldout">{SOLD_OUT}</span>}
            {label && <span className="menu-label menu-label--discount">{label}</span>}
            {promo && <span className="menu-label menu-label--241">{promo.label}</span>}
          </p>
        )}
        {dish.subtext && <p className="menu-dish__sub">{dish.subtext}</p>}
        {dish.description && <p className="menu-dish__desc">{dish.description}</p>}
      </div>
      <div className="menu-dish__actions">
        <DishPrice catalog={catalog} dish={dish} ctx={ctx} />
        {soldOut ? (
          <button type="button" className="menu-dish__add" aria-label={soldOutDish(dish.name)} disabled>
            <span aria-hidden="true">+</span>
          </button>
        ) : (
          <button type="button" className="menu-dish__add" aria-label={selectDish(dish.name)} onClick={() => onDish(dish.id)}>
            <span aria-hidden="true">+</span>
          </button>
        )}
        <button type="button" className="menu-dish__info" aria-label={INFO_BUTTON(dish.name)} onClick={() => onInfo(dish.id)}>
          <span aria-hidden="true">i</span>
        </button>
      </div>
    </li>
  );
});

function MenuViewImpl(p: MenuViewProps) {
  const { catalog, config, ctx, showPictures, showNumbers, filters, query } = p;
  const dishes = useMemo(() => new Map(catalog.dishes.map((d) => [d.id, d])), [catalog]);
  const filtering = filters.length > 0 || query.trim() !== '';
  const visible = useMemo(() => {
    if (!filtering) return null;
    const ok = new Set<string>();
    for (const d of catalog.dishes) if (matchesSearch(d, query) && matchesDietFilters(catalog, d, filters, config.hiddenTags)) ok.add(d.id);
    return ok;
  }, [catalog, filters, query, filtering, config.hiddenTags]);
  const promos = useMemo(() => new Map(catalog.twoForOnePromotions.map((x) => [x.id, x])), [catalog]);
  const categories = catalog.categories
    .map((c) => ({ c, list: c.dishes.map((id) => dishes.get(id)).filter((d): d is Dish => !!d && (!visible || visible.has(d.id))) }))
    .filter((x) => x.list.length > 0);
  const inBanner = new Set(catalog.offers.filter((o) => o.offerType === 'sharedBanner').flatMap((o) => o.offers));
  const deals = catalog.offers.filter((o) => !inBanner.has(o.id));
  const payments = [...new Set(config.paymentMethods.map((m) => PAYMENT_METHOD_NAMES[m] ?? m))];
  const count = categories.reduce((n, x) => n + x.list.length, 0);
  // the first maxDishes dishes (the server's pre-render of the first screens)
  let room = p.maxDishes ?? Infinity;
  const shown = room === Infinity ? categories : [];
  for (const x of categories) {
    if (room <= 0 || shown === categories) break;
    shown.push({ c: x.c, list: x.list.slice(0, room) });
    room -= x.list.length;
  }

  const toggle = (f: DietFilter) => p.onFilters(filters.includes(f) ? filters.filter((x) => x !== f) : [...filters, f]);

  return (
    <div className={p.vertical ? 'menu menu--vertical' : 'menu'}>
      <span id="scroll-top" className="menu-anchor" />
      <nav className="menu-nav" aria-label={NAV_CATEGORIES}>
        <ul>
          {!filtering && deals.length > 0 && (
            <li>
              <a href="#deals" onClick={(e) => { e.preventDefault(); p.onScroll('deals'); }}>{SECTION_DEALS}</a>
            </li>
          )}
          {!filtering && catalog.menus.length > 0 && (
            <li>
              <a href="#menus" onClick={(e) => { e.preventDefault(); p.onScroll('menus'); }}>{SECTION_MENUS}</a>
            </li>
          )}
          {categories.map(({ c }) => (
            <li key={c.id}>
              <a href={`#shop_category_${c.id}`} onClick={(e) => { e.preventDefault(); p.onScroll(`shop_category_${c.id}`); }}>{c.name}</a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="menu-filter" role="search">
        <label className="menu-search">
          <span className="tl-visually-hidden">{SEARCH_LABEL}</span>
          <input type="search" placeholder={SEARCH_LABEL} value={query} onChange={(e) => p.onQuery(e.target.value)} />
        </label>
        <div className="menu-chips" role="group" aria-label={FILTER_LABEL}>
          {DIET_FILTERS.map((f) => (
            <button key={f} type="button" className="menu-chip" aria-pressed={filters.includes(f)} onClick={() => toggle(f)}>
              {DIET_FILTER_LABELS[f]}
            </button>
          ))}
          {filtering && (
            <button type="button" className="menu-chip menu-chip--reset" onClick={() => { p.onFilters([]); p.onQuery(''); }}>
              {RESET_FILTER}
            </button>
          )}
        </div>
        <p className="menu-count" role="status">
          {filtering ? (count ? dishesFound(count) : NO_DISHES_FOUND) : ''}
        </p>
      </div>

      {!filtering && deals.length > 0 && (
        <section id="deals" className="menu-section" aria-labelledby="deals-title">
          <h2 id="deals-title">{SECTION_DEALS}</h2>
          <ul className="menu-tiles">
            {deals.map((o) => (
              <li key={o.id} className="menu-tile menu-deal" data-offer-id={o.id}>
                <button type="button" className="menu-tile__button" onClick={() => p.onOffer(o.id)}>
                  {showPictures && o.imageName ? (
                    <Picture shopId={config.id} imageId={o.imageName} kind="deal" className="menu-tile__pic" />
                  ) : (
                    <span className="menu-tile__badge" aria-hidden="true">{offerHeadline(o)}</span>
                  )}
                  <span className="menu-tile__name">{o.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!filtering && catalog.menus.length > 0 && (
        <section id="menus" className="menu-section" aria-labelledby="menus-title">
          <h2 id="menus-title">{SECTION_MENUS}</h2>
          <ul className="menu-tiles">
            {catalog.menus.map((m) => {
              const price = menuPrice(catalog, m, ctx);
              const gone = p.soldOut?.has(m.id) ?? false;
              return (
                <li key={m.id} className={`menu-tile menu-menu${gone ? ' menu-menu--soldout' : ''}`} data-menu-id={m.id}>
                  <button type="button" className="menu-tile__button" disabled={gone} onClick={() => p.onMenu(m.id)}>
                    {gone && <span className="menu-label menu-label--soldout">{SOLD_OUT}</span>}
                    {showPictures && m.imageName && <Picture shopId={config.id} imageId={m.imageName} kind="menu" className="menu-tile__pic" />}
                    <span className="menu-tile__name">{m.name}</span>
                    {m.headline && <span className="menu-tile__text">{m.headline}</span>}
                    {m.teaser && <span className="menu-tile__text">{m.teaser}</span>}
                    <Price cents={price.price} originalCents={price.hasDiscount ? price.nonDiscounted : null} />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <span id="menu-start" className="menu-anchor" />
      {shown.map(({ c, list }) => (
        <section key={c.id} className="menu-category" id={`shop_category_${c.id}`} aria-labelledby={`cat-${c.id}`}>
          <header className="menu-category__head">
            {showPictures && c.imageName && <Picture shopId={config.id} imageId={c.imageName} kind="category" className="menu-category__pic" />}
            <div>
              <h2 id={`cat-${c.id}`}>{c.name}</h2>
              {c.description && <p className="menu-category__desc">{c.description}</p>}
            </div>
          </header>
          <ul className="menu-dishes">
            {list.map((dish) => (
              <DishItem
                key={dish.id} catalog={catalog} dish={dish} ctx={ctx} hiddenTags={config.hiddenTags} shopId={config.id}
                promo={dish.twoForOnePromotionId ? promos.get(dish.twoForOnePromotionId) : undefined}
                soldOut={p.soldOut?.has(dish.id) ?? false} showPictures={showPictures} showNumbers={showNumbers} onDish={p.onDish} onInfo={p.onInfo}
              />
            ))}
          </ul>
        </section>
      ))}

      {payments.length > 0 && (
        <ul className="menu-payments" aria-label={PAYMENT_METHODS_LABEL}>
          {payments.map((name) => (
            <li key={name} className="menu-payment">
              {name}
            </li>
          ))}
        </ul>
      )}
      <p className="menu-top">
        <a href="#scroll-top" onClick={(e) => { e.preventDefault(); p.onScroll('scroll-top'); }}>{SCROLL_TOP}</a>
      </p>
    </div>
  );
}

export const MenuView = memo(MenuViewImpl);
