// The one cart of the page, persisted per shop in localStorage. Every widget imports this
// module as '@shared/stores' (a Module Federation singleton), so they all share it.
import { atom, computed } from 'nanostores';
import { isLineEditable, type CartItem } from '@shared/domain';
import { lineAmount } from '@shared/pricing';
import { emitHostEvent } from './events';
import { $shopId } from './shop';
import { keys, local, parseJson, storedKey } from './storage';

export interface CartRestoreResult {
  items: CartItem[];
  problems: string[];
}

/** What the restorer learns beside the stored lines. */
export interface CartRestoreMeta {
  /** the shop the stored cart was made in, when it is another one (franchise hand-over) */
  fromShopId: string | null;
}

export type CartRestorer = (raw: unknown, meta: CartRestoreMeta) => CartRestoreResult;

export const $cart = atom<CartItem[]>([]);

/** Messages of the last restore (cart restore messages): one per dropped line. */
export const $cartProblems = atom<string[]>([]);

/** The shop the guest came from when the restore dropped lines after a franchise switch, else null. */
export const $cartSwitchedFrom = atom<string | null>(null);

export const $cartCount = computed($cart, (items) => items.reduce((n, i) => n + (i.amount > 0 ? i.amount : 0), 0));

let lineSeq = 0;
export function newLineId(): string {
  lineSeq += 1;
  return `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${lineSeq.toString(36)}`;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Keeps what looks like a cart line; gives lines without an id a fresh one. */
export const defaultCartRestorer: CartRestorer = (raw) => {
  if (!Array.isArray(raw)) return { items: [], problems: [] };
  const items: CartItem[] = [];
  for (const entry of raw) {
    if (!isRecord(entry) || (entry.kind !== 'dish' && entry.kind !== 'menu')) continue;
    const line = { ...entry } as unknown as CartItem;
    if (typeof line.lineId !== 'string' || !line.lineId) line.lineId = newLineId();
    items.push(line);
  }
  return { items, problems: [] };
};

let restorer: CartRestorer = defaultCartRestorer;
/** The shop whose catalog the plugged-in restorer knows; null = any shop (tests, custom restorers). */
let restorerShop: string | null = null;

/** A restorer that knows the catalog of the current shop (the engine), not the default. */
function engineActive(): boolean {
  return restorer !== defaultCartRestorer && (restorerShop === null || restorerShop === $shopId.get());
}

function runRestorer(raw: unknown, meta: CartRestoreMeta = { fromShopId: null }): CartRestoreResult {
  // Another shop's catalog must not judge this shop's lines: until ours is known, keep them as they are.
  if (!engineActive()) return defaultCartRestorer(raw, meta);
  try {
    const result = restorer(raw, meta);
    if (result && Array.isArray(result.items)) {
      return {
        items: result.items.filter((i) => isRecord(i) && (i.kind === 'dish' || i.kind === 'menu')),
        problems: Array.isArray(result.problems) ? result.problems.filter((p) => typeof p === 'string') : [],
      };
    }
    console.warn('[tischlein] cart restorer returned no items; using the default');
  } catch (e) {
    console.warn('[tischlein] cart restorer failed; using the default', e);
  }
  return defaultCartRestorer(raw, meta);
}

function currentKey(): string | null {
  const shopId = $shopId.get();
  return shopId ? keys.cart(shopId) : null;
}

/** Beside the cart: the shop its lines were made in (written by a franchise hand-over). */
function originKey(shopId: string): string {
  return `${keys.cart(shopId)}:shop`;
}

function storedOrigin(): string | null {
  const shopId = $shopId.get();
  if (!shopId) return null;
  const from = local.get(originKey(shopId));
  return from && from !== shopId ? from : null;
}

function readStored(): unknown {
  const key = currentKey();
  return key ? parseJson(local.get(key)) : undefined;
}

/** New problems are shown until dismissed; a later clean restore does not hide them. */
function report(problems: string[], fromShopId: string | null): void {
  if (problems.length === 0) return;
  $cartProblems.set(problems);
  $cartSwitchedFrom.set(fromShopId);
}

/**
 * Re-reads the stored cart through the restorer (after a shop switch or a new restorer).
 * Once the engine has re-checked it, the cleaned cart is written back, so dropped lines (and
 * their messages) do not come back on the next reload.
 */
export function reloadCart(): void {
  const raw = readStored();
  const fromShopId = storedOrigin();
  const engine = engineActive();
  const { items, problems } = runRestorer(raw, { fromShopId });
  $cart.set(items);
  report(problems, fromShopId);
  const shopId = $shopId.get();
  if (engine && shopId && raw !== undefined) {
    local.set(keys.cart(shopId), JSON.stringify(items));
    local.remove(originKey(shopId));
  }
}

/**
 * Plugs in the pricing engine's restoreCart (it knows the catalog of `shopId`). The stored cart
 * is restored again right away, so lines dropped by the engine show up as problems.
 */
export function setCartRestorer(fn: CartRestorer | null, shopId: string | null = null): void {
  restorer = fn ?? defaultCartRestorer;
  restorerShop = fn ? shopId : null;
  reloadCart();
}

export function dismissCartProblems(): void {
  $cartProblems.set([]);
  $cartSwitchedFrom.set(null);
}

/**
 * Re-checks the lines in the cart now (catalog and shop time may have changed): lines the engine
 * drops leave the cart and are listed as problems. Returns the messages (empty when all is well).
 */
export function recheckCart(): string[] {
  if (!engineActive()) return [];
  const current = $cart.get();
  if (current.length === 0) return [];
  const { items, problems } = runRestorer(current);
  if (problems.length === 0) return [];
  commit(items);
  report([...$cartProblems.get(), ...problems], $cartSwitchedFrom.get());
  return problems;
}

/**
 * Franchise switch: the current lines go to `toShopId`'s cart, marked as made in the current
 * shop. Call before loadShop(toShopId); the engine re-checks them against the new catalog and
 * lists what it drops under 'Du hast zu einer anderen Filiale gewechselt.'.
 */
export function handOverCart(toShopId: string): void {
  const from = $shopId.get();
  const items = $cart.get();
  if (!toShopId || from === toShopId || items.length === 0) return;
  local.set(keys.cart(toShopId), JSON.stringify(items));
  if (from) local.set(originKey(toShopId), from);
}

/**
 * The receiving side of a franchise hand-over (the `#franchise` hash): the lines become this
 * shop's stored cart, marked as made elsewhere, and go through the restorer, so lines this shop
 * lacks are listed in 'Warenkorb Probleme'. `fromShop` is the shop or page they came from.
 */
export function receiveHandedOverCart(items: readonly unknown[], fromShop: string): void {
  const shopId = $shopId.get();
  if (!shopId || !Array.isArray(items)) return;
  local.set(keys.cart(shopId), JSON.stringify(items));
  local.set(originKey(shopId), fromShop || 'franchise');
  reloadCart();
  announce($cart.get());
}

/** The host page gets a copy: it must not be able to mutate our state through the event. */
function announce(items: CartItem[]): void {
  let copy: CartItem[];
  try {
    copy = typeof structuredClone === 'function' ? structuredClone(items) : (JSON.parse(JSON.stringify(items)) as CartItem[]);
  } catch {
    copy = [];
  }
  emitHostEvent('cart-changed', { items: copy, count: $cartCount.get() });
}

function commit(items: CartItem[]): void {
  $cart.set(items);
  const key = currentKey();
  if (key) local.set(key, JSON.stringify(items));
  announce(items);
}


export function addToCart(item: CartItem): CartItem {
  const items = $cart.get();
  const line =
    !item.lineId || items.some((i) => i.lineId === item.lineId) ? { ...item, lineId: newLineId() } : item;
  commit([...items, line]);
  return line;
}

/** A refund line is never replaced by an edited dish (it would turn into a charge). */
export function updateCartLine(lineId: string, item: CartItem): void {
  const items = $cart.get();
  if (!items.some((i) => i.lineId === lineId && isLineEditable(i))) return;
  commit(items.map((i) => (i.lineId === lineId ? { ...item, lineId } : i)));
}

/** Amount never falls below MIN_QUANTITY; a refund line's never changes. */
export function setLineAmount(lineId: string, amount: number): void {
  if (!Number.isFinite(amount)) return;
  const n = lineAmount(amount);
  const items = $cart.get();
  // a refund line stays one unit (a second would refund twice)
  if (!items.some((i) => i.lineId === lineId && i.amount !== n && isLineEditable(i))) return;
  commit(items.map((i) => (i.lineId === lineId ? { ...i, amount: n } : i)));
}

export function removeCartLine(lineId: string): void {
  const items = $cart.get();
  if (!items.some((i) => i.lineId === lineId)) return;
  commit(items.filter((i) => i.lineId !== lineId));
}

export function clearCart(): void {
  commit([]);
}

/** Replace the whole cart (franchise hand-over, group carts). */
export function setCart(items: CartItem[]): void {
  commit(items);
}

// A new shop id means another stored cart.
$shopId.listen(() => reloadCart());

// Two tabs of the same shop agree: another tab's write reaches us as a storage event.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (e: StorageEvent) => {
    const key = currentKey();
    // (the stored key: a preview's namespace is not a guest's cart)
    if (!key || (e.key !== storedKey(key) && e.key !== null)) return;
    const { items } = runRestorer(e.key === null ? undefined : parseJson(e.newValue));
    $cart.set(items);
    announce(items);
  });
}
