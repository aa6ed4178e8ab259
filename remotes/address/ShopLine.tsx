import type { FranchiseShop } from '@shared/domain';
import { ADDRESS_TEXT, kmAway, openBadge, todayRanges } from '@shared/checkout';

/** name, address, '{n} km entfernt', green 'geöffnet {ranges}' or red 'geschlossen.' + 'Heute: {ranges}'. */
export function ShopLine({ shop }: { shop: FranchiseShop }) {
  return (
    <span className="franchise-shop__text" data-shop-line={shop.id}>
      <strong className="franchise-shop__name">{shop.name}</strong>
      <span className="franchise-shop__address">{shop.address}</span>
      <span className="franchise-shop__badges">
        {shop.distance > 0 && <span className="badge">{kmAway(shop.distance)}</span>}
        {shop.insideOpenHours ? (
          <span className="badge badge--open">{openBadge(shop.acceptOrdersToday)}</span>
        ) : (
          <>
            <span className="badge badge--closed">{ADDRESS_TEXT.closed}</span>
            {shop.acceptOrdersToday.length > 0 && <span className="franchise-shop__today">{todayRanges(shop.acceptOrdersToday)}</span>}
          </>
        )}
      </span>
    </span>
  );
}
