// Shop configuration, opening times and delivery period.
// The configuration is described once (shopSchemas); its types are inferred. Answers only the
// API sends (delivery period, franchise, geo) have their lenient schemas in @shared/api.
import * as v from './valibot';
import { STRICT_CHECKS, lenientKit, valueSchemas, type SchemaKit } from './kit';

export type DeliveryType = 'delivery' | 'pickup';

export const PAYMENT_METHODS = [
  'offline', 'offline_debit', 'PayPal_Platform', 'PayPal_Rest', 'Stripe_card', 'Stripe_sofort',
  'Stripe_alipay', 'AmazonPay_Checkout', 'Heidelpay_PayPal', 'Heidelpay_Sofort', 'Sofort',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One of the payment methods the spec names (the shop's own list says which it offers). */
export function isPaymentMethod(x: unknown): x is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(x);
}

/** German postal code: five digits */
export const POSTAL_CODE = /^\d{5}$/;

export function shopSchemas(k: SchemaKit) {
  const { str, text, id, optText, bool, count, cents, list, hhmm } = valueSchemas(k);
  const isoDate = k.refine(
    str,
    STRICT_CHECKS && [
      v.regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date 'YYYY-MM-DD'"),
      v.check((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'expected a valid date'),
    ],
  );
  const slug = k.refine(str, STRICT_CHECKS && [v.regex(/^[a-z0-9-]{1,64}$/, 'expected a slug of a-z, 0-9 and -')]);
  const zip = k.refine(str, STRICT_CHECKS && [v.regex(POSTAL_CODE, 'expected a postal code of 5 digits')]);
  const lat = k.refine(v.number('expected a latitude'), STRICT_CHECKS && [v.minValue(-90, 'expected -90..90'), v.maxValue(90, 'expected -90..90')]);
  const lng = k.refine(v.number('expected a longitude'), STRICT_CHECKS && [v.minValue(-180, 'expected -180..180'), v.maxValue(180, 'expected -180..180')]);
  const paymentMethod = v.picklist(PAYMENT_METHODS, `expected one of ${PAYMENT_METHODS.join(', ')}`);
  const paymentMethods = (fallback: () => PaymentMethod[]) => v.optional(v.array(paymentMethod, 'expected a list of payment methods'), fallback);

  /** dayIndex 0 = Monday */
  const TimetableEntry = k.object({ dayIndex: count(0, 6), from: hhmm, to: hhmm });
  const Timetable = v.array(TimetableEntry, 'expected a list of {dayIndex, from, to}');

  const SpecialOpeningTimeEntry = k.object({
      reason: v.picklist(['holiday', 'vacation', 'renovation', 'other'], "expected 'holiday', 'vacation', 'renovation' or 'other'"),
      /** Optional name shown in the closed message, e.g. 'Weihnachten' (server addition) */
      name: v.optional(v.nullable(str)),
      /** ISO date 'YYYY-MM-DD', first closed day */
      from: isoDate,
      /** ISO date 'YYYY-MM-DD', last closed day */
      until: isoDate,
      /** Opening times during the period; empty = closed */
      openingTimes: list(TimetableEntry),
    });
  type SpecialOpeningTimeEntry = v.InferOutput<typeof SpecialOpeningTimeEntry>;
  const SpecialOpeningTime = k.refine(
    SpecialOpeningTimeEntry,
    STRICT_CHECKS && [
      v.forward<SpecialOpeningTimeEntry, v.CheckIssue<SpecialOpeningTimeEntry>, ['until']>(
        v.check<SpecialOpeningTimeEntry, string>((c) => !closureEndsBeforeStart(c), "expected 'until' (the last closed day) on or after 'from'"),
        ['until'],
      ),
    ],
  );

  const StaticPage = k.object({
    id,
    name: text,
    title: text,
    /** Plain text paragraphs */
    body: v.optional(v.array(str, 'expected a list of paragraphs'), () => [] as string[]),
  });

  /** A job offer of the restaurant; applications go to POST /jobs/entry/{id}/submit */
  const JobEntry = k.object({
    id,
    title: text,
    /** Plain text paragraphs */
    description: v.optional(v.array(str, 'expected a list of paragraphs'), () => [] as string[]),
  });

  const ShopFlags = k.object({
    supportDelivery: v.optional(bool, true),
    supportPickup: v.optional(bool, true),
    enableReservations: v.optional(bool, false),
    enableDishPictures: v.optional(bool, true),
    enableLogin: v.optional(bool, false),
    showDishNumbers: v.optional(bool, false),
    isFranchiseOverview: v.optional(bool, false),
  });

  /**
   * A delivery zone: by distance from the shop (`maxDistanceKm`) or by the address's postal code
   * (`postalCodes`), exactly one of them. Which zone serves an address: @shared/rules/deliveryZones.
   */
  const DeliveryZone = k.refine(
    k.object({
      id,
      name: text,
      /** Up to this distance from the shop (km) */
      maxDistanceKm: v.optional(k.refine(v.number('expected a distance in km'), STRICT_CHECKS && [v.minValue(0, 'expected a distance >= 0')])),
      /** Addresses with one of these postal codes, whatever their distance */
      postalCodes: v.optional(k.refine(v.array(zip, 'expected a list of postal codes'), STRICT_CHECKS && [v.minLength(1, 'expected at least one postal code')])),
      deliveryFee: cents,
      minimumOrderValue: cents,
      /** Delivery is free from this subtotal; 0 = never */
      freeAfter: v.optional(cents, 0),
    }),
    STRICT_CHECKS && [
      v.check((z) => (z.maxDistanceKm === undefined) !== (z.postalCodes === undefined), 'expected either maxDistanceKm or postalCodes, not both'),
    ],
  );
  const deliveryZones = k.refine(
    list(DeliveryZone),
    STRICT_CHECKS && [
      v.check(
        (zones) => duplicatePostalCodes(zones).length === 0,
        (issue) => `postal code ${duplicatePostalCodes(issue.input as DeliveryZoneShape[]).join(', ')} is in more than one zone`,
      ),
    ],
  );

  const ShopConfig = k.object({
    id,
    restaurantName: text,
    restaurantStreet: text,
    restaurantZip: zip,
    restaurantCity: text,
    latitude: lat,
    longitude: lng,
    phone: text,
    /** public contact e-mail (accessibility statement's feedback contact, Impressum); null = none */
    contactEmail: v.optional(v.nullable(k.refine(str, STRICT_CHECKS && [v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'expected an e-mail address')]))),
    title: str,
    header: optText,
    headerMobile: optText,
    logo: optText,
    logoMobile: optText,
    /** Franchise brand id, null for a single restaurant */
    franchiseId: v.nullish(id, null),
    /** Franchise slug of this shop (/f={slug}), null for a single restaurant */
    slug: v.nullish(slug, null),
    /** CSS custom properties for theming, e.g. {'--tl-primary': '#b1361e'} */
    theme: v.optional(v.record(str, str, 'expected an object of CSS property -> value'), () => ({}) as Record<string, string>),
    pages: list(StaticPage),
    news: v.optional(v.array(str, 'expected a list of strings'), () => [] as string[]),
    /** The 'Über uns' page: plain text paragraphs */
    about: v.optional(v.array(str, 'expected a list of paragraphs'), () => [] as string[]),
    jobEntries: list(JobEntry),
    flags: v.optional(ShopFlags, () => v.parse(ShopFlags, {})),
    paymentMethods: paymentMethods(() => ['offline']),
    paymentMethodsOnlyPickup: paymentMethods(() => []),
    paymentMethodsOnlyDelivery: paymentMethods(() => []),
    /** Per method, in euro (config edge); compare in cents */
    paymentMethodsPickupMinimumOrderValue: v.optional(
      v.record(paymentMethod, k.refine(v.number('expected an amount in euro'), STRICT_CHECKS && [v.minValue(0, 'expected euro >= 0')])),
      () => ({}) as Partial<Record<PaymentMethod, number>>,
    ),
    hiddenTags: v.optional(v.array(str, 'expected a list of tags'), () => [] as string[]),
    openingTimes: Timetable,
    /** absent: the opening times, following every change of them (shared/time deliveryTimesOf) */
    deliveryTimes: v.optional(Timetable),
    specialOpeningTimes: list(SpecialOpeningTime),
    deliveryZones,
    /** IANA zone of the shop time */
    timeZone: v.optional(k.refine(str, STRICT_CHECKS && [v.check(k.isTimeZone, 'expected an IANA time zone, e.g. Europe/Berlin')]), 'Europe/Berlin'),
    /** Pre-orders for later today while closed (server addition; default true) */
    enablePreOrder: v.optional(bool),
    /** Earliest serve time after now, per type, in minutes (server addition) */
    leadTimeMinutes: v.optional(k.object({ delivery: count(0, 720), pickup: count(0, 720) })),
    /** Free text shown with the delivery period (server addition) */
    customerInfo: v.optional(v.nullable(str)),
    /** Sticker text shown with the delivery period (server addition) */
    sticker: v.optional(v.nullable(str)),
  });

  return { TimetableEntry, Timetable, SpecialOpeningTime, StaticPage, JobEntry, ShopFlags, DeliveryZone, ShopConfig };
}

const S = shopSchemas(lenientKit);
/** The configuration as an API answer carries it (lenient). */
export const ShopConfigSchema = S.ShopConfig;
export const TimetableEntrySchema = S.TimetableEntry;
export const SpecialOpeningTimeSchema = S.SpecialOpeningTime;

export type TimetableEntry = v.InferOutput<typeof S.TimetableEntry>;
export type SpecialOpeningTime = v.InferOutput<typeof S.SpecialOpeningTime>;
export type StaticPage = v.InferOutput<typeof S.StaticPage>;
export type JobEntry = v.InferOutput<typeof S.JobEntry>;
export type ShopFlags = v.InferOutput<typeof S.ShopFlags>;
export type DeliveryZone = v.InferOutput<typeof S.DeliveryZone>;
export type ShopConfig = v.InferOutput<typeof S.ShopConfig>;

export interface DeliveryZoneShape {
  postalCodes?: readonly string[];
}

/**
 * A closure whose last day comes before its first (the one rule: the import's schema and the staff
 * app's 'Öffnungszeiten' both ask it). Dates are ISO 'YYYY-MM-DD', so they compare as text.
 */
export function closureEndsBeforeStart(c: { from: string; until: string }): boolean {
  return c.until < c.from;
}

/** Postal codes named by more than one zone (a data error: which fee would apply?), sorted. */
export function duplicatePostalCodes(zones: readonly DeliveryZoneShape[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const z of zones) {
    for (const code of new Set(z.postalCodes ?? [])) {
      if (seen.has(code)) twice.add(code);
      seen.add(code);
    }
  }
  return [...twice].sort();
}
