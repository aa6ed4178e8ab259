// Offers in the cart: free-delivery banner, cart-discount hint, two-for-one status, free items.
// Every state and amount is the engine's (OrderBreakdown); the catalog only gives names.
import type { Catalog, SelectedFreeItem } from '@shared/domain';
import { indexCatalog, type OrderBreakdown } from '@shared/pricing';
import { FREE_DELIVERY_REACHED } from '@shared/cartpricing';
import { CART_TEXT, cartDiscountMissing, freeItemChoose, freeItemNearly, twoForOneProgress } from './texts';
import { selectFreeItem, setTwoForOneStatus, unselectFreeItem } from '@shared/stores';
import { Button } from '@shared/ui';

interface FreeOption extends SelectedFreeItem {
  label: string;
}

function freeOptions(catalog: Catalog, offerId: string): FreeOption[] {
  const idx = indexCatalog(catalog);
  const offer = idx.offers.get(offerId);
  const options: FreeOption[] = [];
  for (const ref of offer?.freeItems ?? []) {
    const dish = idx.dishes.get(ref.dishId);
    if (!dish || idx.hiddenDishes.has(dish.id)) continue;
    const sizes = ref.sizeId !== null ? dish.sizes.filter((s) => s.id === ref.sizeId) : dish.sizes;
    if (sizes.length === 0) options.push({ offerId, dishId: dish.id, sizeId: ref.sizeId, label: dish.name });
    for (const s of sizes) options.push({ offerId, dishId: dish.id, sizeId: s.id, label: `${dish.name} ${s.name}` });
  }
  return options;
}

function freeDeliveryNote(catalog: Catalog): string | null {
  const offers = catalog.offers.filter((o) => o.offerType === 'freeDelivery');
  if (offers.length === 0) return null;
  const lowest = offers.reduce((a, b) => (b.minimumOrderValue < a.minimumOrderValue ? b : a));
  return lowest.description || lowest.title || null;
}

export function FreeDeliveryBanner({ order, catalog }: { order: OrderBreakdown; catalog: Catalog }) {
  const text = order.freeDeliveryBanner;
  if (!text) return null;
  const note = freeDeliveryNote(catalog);
  const reached = text === FREE_DELIVERY_REACHED;
  return (
    <div className="cart-offers" data-free-delivery={reached ? 'reached' : 'open'}>
      <p className={`cart-banner${reached ? ' cart-banner--reached' : ''}`} role="status">
        {text}
      </p>
      {note && <p className="cart-hint">* {note}</p>}
    </div>
  );
}

export function CartOffers({
  order,
  catalog,
  selected,
}: {
  order: OrderBreakdown;
  catalog: Catalog;
  selected: SelectedFreeItem[];
}) {
  const idx = indexCatalog(catalog);
  const nextDiscount = order.cartDiscounts
    .filter((d) => !d.eligible && d.missing > 0)
    .sort((a, b) => a.missing - b.missing)[0];
  const anyApplied = order.cartDiscounts.some((d) => d.applied);
  return (
    <div className="cart-offers">
      {nextDiscount && !anyApplied && order.lines.length > 0 && (
        <p className="cart-hint" data-offer={nextDiscount.offerId}>
          {cartDiscountMissing(nextDiscount.missing, nextDiscount.title)}
        </p>
      )}
      {order.twoForOne.map((g) => {
        const promo = idx.promotions.get(g.promotionId);
        const total = promo?.totalQuantity ?? 0;
        const missing = total > 0 && g.units % total !== 0 ? total - (g.units % total) : 0;
        return (
          <div key={g.key} className="cart-two-for-one" data-two-for-one={g.key} data-status={g.status}>
            <p className="cart-hint">
              <strong>{g.label}</strong> {g.title}
              {g.status === 'confirmed' && ` – ${CART_TEXT.twoForOneConfirmed}`}
              {g.status === 'denied' && ` – ${CART_TEXT.twoForOneDenied}`}
              {missing > 0 && ` – ${twoForOneProgress(missing)}`}
            </p>
            {g.needsConfirmation && g.status === 'pending' && g.units >= total && total > 0 && (
              <div className="cart-line__actions">
                <Button variant="secondary" onClick={() => setTwoForOneStatus(g.key, 'confirmed')}>
                  {CART_TEXT.twoForOneApply}
                </Button>
                <Button variant="ghost" onClick={() => setTwoForOneStatus(g.key, 'denied')}>
                  {CART_TEXT.twoForOneKeep}
                </Button>
              </div>
            )}
          </div>
        );
      })}
      {order.freeItemOffers.map((o) => {
        if (o.state === 'nearly-reached') {
          return (
            <p key={o.offerId} className="cart-hint cart-hint--warn" data-free-item={o.offerId} data-state={o.state}>
              {freeItemNearly(o.missing, o.title)}
            </p>
          );
        }
        if (o.state !== 'reached') return null;
        const chosen = order.freeItems.find((f) => f.offerId === o.offerId);
        const current = selected.find((s) => s.offerId === o.offerId);
        const options = freeOptions(catalog, o.offerId);
        return (
          <fieldset key={o.offerId} className="cart-free" data-free-item={o.offerId} data-state={o.state}>
            <legend>{freeItemChoose(o.title)}</legend>
            {options.map((opt) => {
              const checked = !!current && current.dishId === opt.dishId && current.sizeId === opt.sizeId;
              return (
                <label key={`${opt.dishId}:${opt.sizeId ?? ''}`}>
                  <input
                    type="radio"
                    name={`free-${o.offerId}`}
                    checked={checked}
                    onChange={() => selectFreeItem({ offerId: opt.offerId, dishId: opt.dishId, sizeId: opt.sizeId })}
                  />
                  {opt.label}
                </label>
              );
            })}
            {chosen && (
              <Button variant="ghost" onClick={() => unselectFreeItem(o.offerId)}>
                {CART_TEXT.freeItemRemove}
              </Button>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
