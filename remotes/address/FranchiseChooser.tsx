import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DeliveryType, Franchise, FranchiseShop } from '@shared/domain';
import { ADDRESS_TEXT, kmAway, openBadge, todayRanges } from '@shared/i18n';
import { $franchiseRequest, clearFranchiseRequest, handOverCart, openDishLink, type FranchiseRequest } from '@shared/stores';
import { Button, Dialog } from '@shared/ui';
import { useFirstInstance, type WidgetHost } from '@shared/widget';
import { franchiseTarget } from './flow';

export interface FranchiseChooserProps {
  franchise: Franchise;
  currentShopId: string;
  deliveryType: DeliveryType;
  host: WidgetHost;
  /** injected in tests; default location.assign */
  assign?: (url: string) => void;
}


/** The suggested shop (§4): the first that accepts orders and supports the type, else the first. */
function suggested(shops: FranchiseShop[], type: DeliveryType): string | null {
  const fits = shops.find((s) => s.acceptOrders && (type === 'delivery' ? s.allowDelivery : s.allowPickup));
  return (fits ?? shops[0])?.id ?? null;
}

/** 'WÄHLE DEINE FILIALE' (§2.5) opened by $franchiseRequest; OK hands the cart over and switches. */
export function FranchiseChooser(props: FranchiseChooserProps) {
  const request = useStore($franchiseRequest);
  const first = useFirstInstance('address');
  if (!request || !first) return null;
  return <ChooserDialog key={request.seq} request={request} {...props} />;
}

function ChooserDialog({
  request,
  franchise,
  currentShopId,
  deliveryType,
  host,
  assign = (url) => location.assign(url),
}: FranchiseChooserProps & { request: FranchiseRequest }) {
  const shops = franchise.shops;
  const [selected, setSelected] = useState<string | null>(() => suggested(shops, deliveryType));
  const name = useId();
  useEffect(() => {
    if (selected && !shops.some((s) => s.id === selected)) setSelected(suggested(shops, deliveryType));
  }, [shops, selected, deliveryType]);

  function choose() {
    const shop = shops.find((s) => s.id === selected);
    if (!shop) return;
    if (shop.id === currentShopId) {
      // Already here: no switch, open what the guest chose.
      clearFranchiseRequest();
      if (request.item?.kind === 'dish') openDishLink(request.item.id);
      return;
    }
    handOverCart(shop.id);
    assign(franchiseTarget(shop, request.item, { inShell: host.inShell, origin: location.origin, shopUrl: host.shopUrl }));
  }

  return (
    <Dialog
      open
      onClose={clearFranchiseRequest}
      header={ADDRESS_TEXT.franchiseListTitle}
      footer={
        <>
          <Button variant="secondary" onClick={clearFranchiseRequest}>
            {ADDRESS_TEXT.cancel}
          </Button>
          <Button onClick={choose} disabled={!selected}>
            {ADDRESS_TEXT.ok}
          </Button>
        </>
      }
    >
      <div className="franchise-list" role="radiogroup" aria-label={ADDRESS_TEXT.franchiseListTitle}>
        {shops.map((s) => (
          <div key={s.id} className="franchise-shop" data-shop={s.id}>
            <label>
              <input type="radio" name={name} value={s.id} checked={selected === s.id} onChange={() => setSelected(s.id)} />
              <span className="franchise-shop__text">
                <strong className="franchise-shop__name">{s.name}</strong>
                <span className="franchise-shop__address">{s.address}</span>
                <span className="franchise-shop__badges">
                  {s.distance > 0 && <span className="badge">{kmAway(s.distance)}</span>}
                  {s.insideOpenHours ? (
                    <span className="badge badge--open">{openBadge(s.acceptOrdersToday)}</span>
                  ) : (
                    <>
                      <span className="badge badge--closed">{ADDRESS_TEXT.closed}</span>
                      {s.acceptOrdersToday.length > 0 && <span className="franchise-shop__today">{todayRanges(s.acceptOrdersToday)}</span>}
                    </>
                  )}
                </span>
              </span>
            </label>
          </div>
        ))}
      </div>
    </Dialog>
  );
}
