// The info dialog's franchise pages: the suggested shop (suggested_franchise) and the list of
// shops with a map to choose from (list_franchises).
import { useId } from 'react';
import { ADDRESS_TEXT, INFO_DIALOG_TEXT } from '@shared/checkout';
import type { FranchiseRequest } from '@shared/stores';
import { Button } from '@shared/ui';
import type { AddressInfoDialogProps } from './dialogProps';
import { FranchiseMap } from './FranchiseMap';
import { ShopLine } from './ShopLine';
import { updateDialog, type DialogState } from './state';
import { useShopSwitch } from './useShopSwitch';

export function SuggestedFranchisePage(props: AddressInfoDialogProps & { state: DialogState; request: FranchiseRequest | null }) {
  const { state, request } = props;
  const doSwitch = useShopSwitch(props, request);
  const shop = state.shops.find((s) => s.id === state.selected) ?? null;
  if (!shop) return null;
  const home = coords(state.home);
  return (
    <div className="franchise-suggested">
      <p>{INFO_DIALOG_TEXT.suggestedText}</p>
      <FranchiseMap shops={[shop]} home={home} highlighted={shop.id} />
      <div className="franchise-shop franchise-shop--single" data-shop={shop.id}>
        <ShopLine shop={shop} />
      </div>
      <div className="info-actions">
        <Button variant="ghost" onClick={() => updateDialog({ page: 'list_franchises', back: 'suggested_franchise', listOnly: false })}>
          {INFO_DIALOG_TEXT.otherShop}
        </Button>
        <Button onClick={() => doSwitch(shop, state)}>{ADDRESS_TEXT.ok}</Button>
      </div>
    </div>
  );
}

function coords(a: { latitude?: number; longitude?: number } | null) {
  return a && typeof a.latitude === 'number' && typeof a.longitude === 'number' ? { latitude: a.latitude, longitude: a.longitude } : null;
}

export function FranchiseListPage(props: AddressInfoDialogProps & { state: DialogState; request: FranchiseRequest | null; onCancel: () => void }) {
  const { state, request, onCancel } = props;
  const doSwitch = useShopSwitch(props, request);
  const name = useId();
  const shops = state.shops;
  const selected = shops.some((s) => s.id === state.selected) ? state.selected : (shops[0]?.id ?? null);
  const chosen = shops.find((s) => s.id === selected) ?? null;
  const select = (shopId: string) => updateDialog({ selected: shopId });
  return (
    <div className="franchise-listpage">
      <FranchiseMap shops={shops} home={coords(state.home)} highlighted={selected} onSelect={select} />
      <div className="franchise-list" role="radiogroup" aria-label={ADDRESS_TEXT.franchiseListTitle}>
        {shops.map((s) => (
          <div key={s.id} className="franchise-shop" data-shop={s.id}>
            <label>
              <input type="radio" name={name} value={s.id} checked={selected === s.id} onChange={() => select(s.id)} />
              <ShopLine shop={s} />
            </label>
          </div>
        ))}
      </div>
      <div className="info-actions">
        {!state.listOnly && (
          <Button variant="secondary" onClick={() => updateDialog({ page: state.back })}>
            {ADDRESS_TEXT.back}
          </Button>
        )}
        {state.listOnly && (
          <Button variant="secondary" onClick={onCancel}>
            {ADDRESS_TEXT.cancel}
          </Button>
        )}
        <Button onClick={() => chosen && doSwitch(chosen, state)} disabled={!chosen}>
          {ADDRESS_TEXT.ok}
        </Button>
      </div>
    </div>
  );
}
