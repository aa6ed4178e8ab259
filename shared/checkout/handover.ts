// The franchise hand-over hash: '#franchise' followed by the
// base64 of a JSON object with deliveryType, locationString, selectedDish, serveAt, cart and geo.
// One pure module: the address widget writes it when the guest switches shops (also from a brand
// page on another origin), the shop page reads it; the checkout reuses it to move a cart from a
// restaurant page to the full shop. Anything that is not base64 JSON of this shape is ignored.
import * as v from '@shared/domain/valibot';

export const HANDOVER_PREFIX = '#franchise';
/** Longer hashes are not read at all (a cart of 200 lines stays far below this). */
export const HANDOVER_MAX_CHARS = 200_000;
export const HANDOVER_MAX_LINES = 200;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000));
const Coordinate = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));

const GeoSchema = v.object({
  deliveryFee: v.optional(Cents),
  minimumOrderValue: v.optional(Cents),
  freeAfter: v.optional(Cents),
  distance: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
  addr: v.optional(
    v.object({
      street: Text(200),
      streetNumber: Text(20),
      zip: Text(10),
      city: Text(100),
      latitude: v.optional(Coordinate),
      longitude: v.optional(Coordinate),
    }),
  ),
});

/** 'asap' or 'HH:MM' */
export const SERVE_AT = /^(asap|([01]\d|2[0-3]):[0-5]\d)$/;

const HandOverSchema = v.object({
  deliveryType: v.picklist(['delivery', 'pickup']),
  locationString: Text(300),
  selectedDish: v.nullable(Text(200)),
  serveAt: v.nullable(v.pipe(v.string(), v.regex(SERVE_AT))),
  // The lines themselves are checked by the new shop's cart restorer (its catalog decides).
  cart: v.pipe(v.array(v.record(v.string(), v.unknown())), v.maxLength(HANDOVER_MAX_LINES)),
  geo: v.nullable(GeoSchema),
});

export type HandOver = v.InferOutput<typeof HandOverSchema>;
export type HandOverGeo = NonNullable<HandOver['geo']>;

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function fromBase64(b64: string): string | null {
  try {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** '#franchise' + base64(JSON). Throws when `h` does not have the shape (a programming error). */
export function encodeHandOver(h: HandOver): string {
  const checked = v.parse(HandOverSchema, h);
  return HANDOVER_PREFIX + toBase64(JSON.stringify(checked));
}

/** True when the hash claims to be a hand-over (whether or not it is a valid one). */
export function isHandOverHash(hash: string): boolean {
  return typeof hash === 'string' && hash.startsWith(HANDOVER_PREFIX);
}

/** The hand-over in `hash`, or null for anything else (wrong prefix, bad base64/JSON, wrong shape). */
export function decodeHandOver(hash: string): HandOver | null {
  if (!isHandOverHash(hash) || hash.length > HANDOVER_MAX_CHARS) return null;
  // URL-safe base64 and percent-encoding (some mail clients and hosts rewrite hashes) are accepted.
  let b64 = hash.slice(HANDOVER_PREFIX.length);
  try {
    b64 = decodeURIComponent(b64);
  } catch {
    return null;
  }
  b64 = b64.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) return null;
  const json = fromBase64(b64);
  if (json === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  const result = v.safeParse(HandOverSchema, data);
  return result.success ? result.output : null;
}

/** The shop URL with the hand-over hash (any existing hash replaced). */
export function withHandOver(url: string, h: HandOver): string {
  const base = url.split('#')[0];
  return base + encodeHandOver(h);
}

/**
 * The hand-over of the guest's order state (cart, delivery type, serve time, address and zone)
 * to the full shop: the same object as the franchise hand-over, built in one place.
 */
export function makeHandOver(s: {
  deliveryType: 'delivery' | 'pickup';
  cart: readonly object[];
  serveAt: string | null;
  address?: { street: string; streetNumber: string; zip: string; city: string } | null;
  zone?: { fee: number; minimumOrderValue: number; freeAfter: number } | null;
}): HandOver {
  const a = s.address && s.address.street.trim() ? s.address : null;
  const locationString = a ? `${a.street} ${a.streetNumber}, ${a.zip} ${a.city}`.trim() : '';
  const geo: HandOverGeo | null =
    a || s.zone
      ? {
          ...(s.zone ? { deliveryFee: s.zone.fee, minimumOrderValue: s.zone.minimumOrderValue, freeAfter: s.zone.freeAfter } : {}),
          ...(a ? { addr: { street: a.street.slice(0, 200), streetNumber: a.streetNumber.slice(0, 20), zip: a.zip.slice(0, 10), city: a.city.slice(0, 100) } } : {}),
        }
      : null;
  return {
    deliveryType: s.deliveryType,
    locationString: locationString.slice(0, 300),
    selectedDish: null,
    serveAt: s.serveAt && SERVE_AT.test(s.serveAt) ? s.serveAt : null,
    cart: s.cart.slice(0, HANDOVER_MAX_LINES) as Record<string, unknown>[],
    geo,
  };
}
