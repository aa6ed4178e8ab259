// The one cart of the page, persisted per shop in localStorage. Every widget imports this
// module as '@shared/stores' (a Module Federation singleton), so they all share it.
import { atom, computed } from 'nanostores';
import type { CartItem } from '@shared/domain';
import { emitHostEvent } from './events';
import { $shopId } from './shop';
import { keys, local, parseJson } from './storage';

export interface CartRestoreResult {
  items: CartItem[];
  problems: string[];
}

export type CartRestorer = (raw: unknown) => CartRestoreResult;

export const $cart = atom<CartItem[]>([]);

/** Messages of the last restore (storefront-core.md §8 cart restore messages). */
export const $cartProblems = atom<string[]>([]);

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

function runRestorer(raw: unknown): CartRestoreResult {
  try {
    const result = restorer(raw);
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
  return defaultCartRestorer(raw);
}

function currentKey(): string | null {
  const shopId = $shopId.get();
  return shopId ? keys.cart(shopId) : null;
}

function readStored(): unknown {
  const key = currentKey();
  return key ? parseJson(local.get(key)) : undefined;
}

/** Re-reads the stored cart through the restorer (after a shop switch or a new restorer). */
export function reloadCart(): void {
  const { items, problems } = runRestorer(readStored());
  $cart.set(items);
  $cartProblems.set(problems);
}

/**
 * Plugs in the pricing engine's restoreCart (it knows the catalog). The stored cart is
 * restored again right away, so lines dropped by the engine show up as problems.
 */
export function setCartRestorer(fn: CartRestorer | null): void {
  restorer = fn ?? defaultCartRestorer;
  reloadCart();
}

export function dismissCartProblems(): void {
  $cartProblems.set([]);
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

export function updateCartLine(lineId: string, item: CartItem): void {
  const items = $cart.get();
  if (!items.some((i) => i.lineId === lineId)) return;
  commit(items.map((i) => (i.lineId === lineId ? { ...item, lineId } : i)));
}

/** Amount never falls below 1 (storefront-core.md §5). */
export function setLineAmount(lineId: string, amount: number): void {
  if (!Number.isFinite(amount)) return;
  const n = Math.max(1, Math.floor(amount));
  const items = $cart.get();
  if (!items.some((i) => i.lineId === lineId && i.amount !== n)) return;
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
    if (!key || (e.key !== key && e.key !== null)) return;
    const { items } = runRestorer(e.key === null ? undefined : parseJson(e.newValue));
    $cart.set(items);
    announce(items);
  });
}
