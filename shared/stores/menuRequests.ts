// Requests other widgets (cart, links, host pages) make of the menu widget: edit a cart line,
// open a dish from a link. The menu widget listens to $menuRequest and consumes each request once.
// Also the franchise hand-off: in franchise overview mode (or with orders closed in franchise mode)
// the menu asks for the franchise dialog instead of opening a dish; the dish is opened again
// 250 ms after the shop switch.
import { atom } from 'nanostores';
import { emitHostEvent } from './events';

export type MenuRequest =
  | { kind: 'edit'; lineId: string; seq: number }
  | { kind: 'link'; nameOrId: string; seq: number };

let seq = 0;

export const $menuRequest = atom<MenuRequest | null>(null);

/** Opens the customise dialog of a cart line in edit mode (SPEICHERN → updateCartLine). */
export function openDishEditor(lineId: string): void {
  $menuRequest.set({ kind: 'edit', lineId, seq: ++seq });
}

/** Opens a dish by id or name (links); a missing dish shows 'Gericht nicht verfügbar'. */
export function openDishLink(nameOrId: string): void {
  $menuRequest.set({ kind: 'link', nameOrId, seq: ++seq });
}

/** The menu widget calls this once it has acted on a request. */
export function consumeMenuRequest(request: MenuRequest): void {
  if ($menuRequest.get()?.seq === request.seq) $menuRequest.set(null);
}

/** What the guest chose before the franchise dialog: opened again after the switch. */
export interface FranchiseRequest {
  item: { kind: 'dish' | 'menu'; id: string } | null;
  /** shop id at the time of the request */
  fromShopId: string | null;
  seq: number;
}

export const $franchiseRequest = atom<FranchiseRequest | null>(null);

/** Asks the franchise dialog (address widget / shell) to open; hosts get 'franchise-requested'. */
export function requestFranchiseDialog(item: FranchiseRequest['item'], fromShopId: string | null): void {
  const request = { item, fromShopId, seq: ++seq };
  $franchiseRequest.set(request);
  emitHostEvent('franchise-requested', { item });
}

export function clearFranchiseRequest(): void {
  $franchiseRequest.set(null);
}

/** Delay before a dish chosen before a franchise switch opens. */
export const FRANCHISE_DISH_OPEN_MS = 250;
