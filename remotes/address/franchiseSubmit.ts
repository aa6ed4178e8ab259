// The address page's submit in a franchise: the address's form is checked here, the server finds
// the shop (delivery: the one that delivers there, straight on; pickup: a suggestion or the list).
import { type AddressErrorCode, findFranchiseShop, suggestFranchiseShop } from '@shared/checkout';
import type { DeliveryType, FranchiseShop } from '@shared/domain';
import { track } from '@shared/stores';
import { errorCode, submitAddress, zoneOf, type ResolvedAddress } from './flow';
import { $address, $dialog, setResolvedAddress, updateDialog, type DialogState } from './state';

export interface FranchiseSubmit {
  franchiseId: string;
  /** the shops of the bootstrap, when the search returns none */
  fallbackShops: FranchiseShop[];
  /** the shop the guest is on */
  shopId: string;
  input: string;
  type: DeliveryType;
  serveAt: string | null;
  /** false once a newer submit started */
  isCurrent: () => boolean;
  fail: (code: AddressErrorCode) => void;
  switchTo: (shop: FranchiseShop, state: DialogState) => void;
}

export async function submitToFranchise({ franchiseId, fallbackShops, shopId, input, type, serveAt, isCurrent, fail, switchTo }: FranchiseSubmit): Promise<void> {
  const invalid = await submitAddress(input, type, async () => Promise.reject({ code: 'skip' }), true).then((o) =>
    !o.ok && o.code !== 'notFound' ? o.code : null,
  );
  if (invalid) return fail(invalid);
  updateDialog({ page: 'loading' });
  const res = await findFranchiseShop(franchiseId, { location: input.trim(), deliveryType: type, serveAt: serveAt ?? undefined });
  if (!isCurrent()) return;
  const shops = res.allShops.length ? res.allShops : fallbackShops;
  // back to the initial page with the error under the field (the page remounts: the error
  // travels in the dialog state)
  const failBack = (code: AddressErrorCode) => {
    updateDialog({ page: 'initial', shops, error: code, input });
    void track('geo', { error: code, type });
  };
  if (!res.found || !res.id) {
    const code = res.err ?? res.error;
    return failBack(code === undefined ? 'notFound' : errorCode({ code: typeof code === 'string' ? code : (code as { error?: unknown })?.error }));
  }
  const home = res.addr ?? null;
  const zone =
    type === 'delivery' && res.minimumOrderValue != null
      ? zoneOf({ deliveryFee: res.deliveryFee ?? 0, minimumOrderValue: res.minimumOrderValue, freeAfter: res.freeAfter ?? 0, distance: res.distance ?? 0, addr: home! })
      : null;
  const resolved: ResolvedAddress = { input: input.trim(), addr: home, zone };
  $address.set(resolved);
  const matched = shops.find((s) => s.id === res.id) ?? null;
  if (type === 'delivery' && matched) {
    // delivery: straight to the shop that delivers there
    setResolvedAddress(shopId, resolved);
    updateDialog({ shops, home, selected: matched.id });
    switchTo(matched, { ...$dialog.get()!, home });
    return;
  }
  // pickup: the suggestion page (or the list when the suggestion is closed)
  const suggestion = matched ? { shop: matched, direct: matched.insideOpenHours } : suggestFranchiseShop(shops, type);
  if (!suggestion) return failBack('notFound');
  setResolvedAddress(shopId, resolved);
  updateDialog({
    shops,
    home,
    selected: suggestion.shop.id,
    page: suggestion.direct ? 'suggested_franchise' : 'list_franchises',
    back: 'initial',
  });
}
