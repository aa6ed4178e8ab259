// The address submit, kept out of the
// components: validate (from @shared/rules), look the address up, map the answer to a zone or
// an error code. The lookup is a parameter so tests can inject a fake.
import type { DeliveryType, FranchiseShop, GeoAddress, GeoResult } from '@shared/domain';
import type { DeliveryInput } from '@shared/pricing';
import { type AddressErrorCode, ADDRESS_ERRORS, validateAddressInput } from '@shared/checkout';
import { storageKeys, local, parseJson } from '@shared/stores';

export type Lookup = (location: string) => Promise<GeoResult>;

export interface ResolvedAddress {
  /** what the guest typed */
  input: string;
  /** the normalised address (replaces the input) */
  addr: GeoAddress | null;
  /** null for pickup */
  zone: DeliveryInput | null;
}

export type SubmitOutcome =
  | { ok: true; address: ResolvedAddress }
  | { ok: false; code: AddressErrorCode };

export function errorCode(e: unknown): AddressErrorCode {
  const code = e && typeof e === 'object' ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code in ADDRESS_ERRORS ? (code as AddressErrorCode) : 'notFound';
}

export function zoneOf(geo: GeoResult): DeliveryInput | null {
  if (geo.minimumOrderValue === undefined || geo.minimumOrderValue === null) return null;
  return { fee: geo.deliveryFee, minimumOrderValue: geo.minimumOrderValue, freeAfter: geo.freeAfter };
}

export async function submitAddress(
  input: string,
  deliveryType: DeliveryType,
  lookup: Lookup,
  franchiseMode = false,
): Promise<SubmitOutcome> {
  const invalid = validateAddressInput({ input, deliveryType, franchiseMode });
  if (invalid) return { ok: false, code: invalid };
  const text = input.trim();
  if (deliveryType === 'pickup') {
    // Pickup: errors are ignored and the flow continues; no zone (pickup has no fee).
    if (!text) return { ok: true, address: { input: text, addr: null, zone: null } };
    try {
      const geo = await lookup(text);
      return { ok: true, address: { input: text, addr: geo.addr, zone: zoneOf(geo) } };
    } catch {
      return { ok: true, address: { input: text, addr: null, zone: null } };
    }
  }
  let geo: GeoResult;
  try {
    geo = await lookup(text);
  } catch (e) {
    return { ok: false, code: errorCode(e) };
  }
  const zone = zoneOf(geo);
  if (!zone) return { ok: false, code: 'notInRange' };
  return { ok: true, address: { input: text, addr: geo.addr, zone } };
}

export function formatAddress(a: GeoAddress): string {
  const street = [a.street, a.streetNumber].filter(Boolean).join(' ');
  const city = [a.zip, a.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}

// ---------- remembered per shop ----------

export const addressKey = storageKeys.address;

export function saveAddress(shopId: string, a: ResolvedAddress): void {
  local.set(addressKey(shopId), JSON.stringify(a));
}

export function forgetAddress(shopId: string): void {
  local.remove(addressKey(shopId));
}

const isCents = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The stored address of a shop, or null when missing or malformed. */
export function loadAddress(shopId: string): ResolvedAddress | null {
  const raw = parseJson(local.get(addressKey(shopId)));
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Partial<ResolvedAddress>;
  if (typeof r.input !== 'string') return null;
  const a = r.addr;
  const addr =
    a && typeof a === 'object' && typeof a.street === 'string' && typeof a.city === 'string'
      ? { street: a.street, streetNumber: String(a.streetNumber ?? ''), zip: String(a.zip ?? ''), city: a.city }
      : null;
  const z = r.zone;
  const zone =
    z && typeof z === 'object' && isCents(z.fee) && isCents(z.minimumOrderValue)
      ? { fee: z.fee, minimumOrderValue: z.minimumOrderValue, freeAfter: isCents(z.freeAfter) ? z.freeAfter : 0 }
      : null;
  return { input: r.input, addr, zone };
}

// ---------- franchise switch ----------

/**
 * Where the franchise chooser goes: the chosen shop's page (`/f={slug}`), with `?gericht={id}` so
 * the menu opens the dish chosen before the switch. In the shell the shop lives on this origin;
 * on a foreign page the shop URL of the host (its `/f=` prefix replaced).
 */
export function franchiseTarget(
  shop: Pick<FranchiseShop, 'slug' | 'id'>,
  item: { kind: 'dish' | 'menu'; id: string } | null,
  where: { inShell: boolean; origin: string; shopUrl: string },
): string {
  const base = where.inShell ? where.origin : where.shopUrl.replace(/\/+$/, '').replace(/\/f=[^/?#]*$/, '');
  const query = item?.kind === 'dish' ? `?gericht=${encodeURIComponent(item.id)}` : '';
  return `${base}/f=${encodeURIComponent(shop.slug || shop.id)}${query}`;
}
