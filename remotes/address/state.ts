// State of the address widget shared by its inline summary and the page-wide info dialog, and
// the receiving side of a franchise hand-over (`#franchise` hash).
import { atom } from 'nanostores';
import type { DeliveryType, FranchiseShop, GeoAddress } from '@shared/domain';
import type { AddressErrorCode } from '@shared/checkout';
import { decodeHandOver, isHandOverHash } from '@shared/checkout';
import { $deliveryZone, storageKeys, receiveHandedOverCart, session, setDeliveryType, setServeAt } from '@shared/stores';
import { loadAddress, saveAddress, type ResolvedAddress } from './flow';

export type DialogPage = 'initial' | 'loading' | 'suggested_franchise' | 'list_franchises';

export interface DialogState {
  page: DialogPage;
  /** the list was opened directly (menu request / list-only mode): no 'Zurück' */
  listOnly: boolean;
  /** where 'Zurück' on the list goes */
  back: DialogPage;
  shops: FranchiseShop[];
  home: GeoAddress | null;
  /** suggested / selected shop id */
  selected: string | null;
  /** what the guest typed and the error under the field: kept while the initial page is left
   * (loading, list) and shown again when it comes back (a failed shop lookup) */
  input?: string;
  error?: AddressErrorCode | null;
  seq: number;
}

let seq = 0;
export const $dialog = atom<DialogState | null>(null);
export const $address = atom<ResolvedAddress | null>(null);

export function openInfoDialog(page: DialogPage = 'initial', patch: Partial<DialogState> = {}): void {
  $dialog.set({ page, listOnly: false, back: 'initial', shops: [], home: null, selected: null, ...patch, seq: ++seq });
}

export function updateDialog(patch: Partial<DialogState>): void {
  const d = $dialog.get();
  if (d) $dialog.set({ ...d, ...patch });
}

export function closeInfoDialog(): void {
  $dialog.set(null);
}

export function setResolvedAddress(shopId: string, a: ResolvedAddress): void {
  saveAddress(shopId, a);
  $address.set(a.addr ? a : null);
  $deliveryZone.set(a.zone);
}

/** Restores the remembered address of `shopId` (address and zone). */
export function restoreAddress(shopId: string): void {
  const saved = loadAddress(shopId);
  $address.set(saved?.addr ? saved : null);
  $deliveryZone.set(saved?.zone ?? null);
}

/** The info dialog opens by itself at most once per tab and shop (docs/decisions.md). */
const autoKey = storageKeys.infoDialog;
export function autoOpenedBefore(shopId: string): boolean {
  return session.get(autoKey(shopId)) === '1';
}
export function markAutoOpened(shopId: string): void {
  session.set(autoKey(shopId), '1');
}

/**
 * Reads a `#franchise` hand-over once per page: delivery type, address and zone, order time and
 * cart (through the restorer: lines this shop lacks go to 'Warenkorb Probleme'). A hash that is
 * not a valid hand-over is ignored and nothing stored is touched. Returns true when one was applied.
 */
export function consumeHandOver(shopId: string, loc: { hash: string; pathname: string; search: string } = location): boolean {
  if (!isHandOverHash(loc.hash)) return false;
  const h = decodeHandOver(loc.hash);
  try {
    history.replaceState(history.state, '', loc.pathname + loc.search);
  } catch {
    /* a sandboxed page: the hash stays, decoding it again is harmless */
  }
  if (!h) {
    console.warn('[tischlein] ignored an invalid #franchise hash');
    return false;
  }
  setDeliveryType(h.deliveryType as DeliveryType);
  const g = h.geo;
  const zone =
    g && g.minimumOrderValue !== undefined ? { fee: g.deliveryFee ?? 0, minimumOrderValue: g.minimumOrderValue, freeAfter: g.freeAfter ?? 0 } : null;
  const addr = g?.addr ? { street: g.addr.street, streetNumber: g.addr.streetNumber, zip: g.addr.zip, city: g.addr.city, latitude: g.addr.latitude, longitude: g.addr.longitude } : null;
  if (addr || h.locationString) setResolvedAddress(shopId, { input: h.locationString, addr, zone });
  if (h.serveAt) setServeAt(h.serveAt);
  if (h.cart.length > 0) receiveHandedOverCart(h.cart, 'franchise');
  return true;
}
