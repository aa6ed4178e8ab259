// valibot schema of the shop data file (docs/data-format.md): the catalog and shop entities
// of @shared/domain in their strict strength (unknown fields are errors, values range-checked),
// plus what only the file has (gazetteer, franchises, coupons, catalog sharing).
// Optional fields get their defaults here, so the parsed output has the domain types' shape.
import * as v from 'valibot';
import { COUPON_CODE } from '@shared/menuedit/coupons';
import { CatalogFileSchema } from '@shared/menuedit/schema';
import { POSTAL_CODE, shopSchemas } from '@shared/domain/shop';
import { strictKit } from '@shared/domain/kit';
import { DEFAULT_LEAD_TIME } from '@shared/time/deliveryPeriod';
import { isHHMM, isValidTimeZone } from '@shared/time/clock';
import { ShopSecretsSchema } from '../secrets/store';

const kit = strictKit({ isHHMM, isTimeZone: isValidTimeZone });
const shop = shopSchemas(kit);

const str = v.string('expected a string');
const nonEmpty = v.pipe(str, v.nonEmpty('expected a non-empty string'));
const bool = v.boolean('expected true or false');
const id = v.pipe(
  v.string('expected a string id'),
  v.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'expected an id of 1-64 letters, digits, . _ : -'),
);
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item, 'expected a list'), () => []);
const slug = v.pipe(str, v.regex(/^[a-z0-9-]{1,64}$/, 'expected a slug of a-z, 0-9 and -'));
/** A DNS host name, lower case, no port. */
export const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const zip = v.pipe(str, v.regex(POSTAL_CODE, 'expected a postal code of 5 digits'));
const lat = v.pipe(v.number('expected a latitude'), v.minValue(-90, 'expected -90..90'), v.maxValue(90, 'expected -90..90'));
const lng = v.pipe(v.number('expected a longitude'), v.minValue(-180, 'expected -180..180'), v.maxValue(180, 'expected -180..180'));
const optCents = v.optional(
  v.pipe(v.number('expected a whole number of cents'), v.integer('expected a whole number of cents'), v.minValue(0, 'expected a whole number of cents >= 0')),
  0,
);
const int = (min: number) =>
  v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(min, `expected a whole number >= ${min}`));
const instant = v.pipe(
  str,
  v.check((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), "expected a date 'YYYY-MM-DD' or an ISO date-time"),
);

/** The catalog (the menu editor checks its drafts with the same schema: @shared/menuedit) */
export const CatalogSchema = CatalogFileSchema;

export const ShopConfigSchema = v.strictObject({
  ...shop.ShopConfig.entries,
  /** default: restaurantName */
  title: v.optional(str),
  /** default: the opening times */
  deliveryTimes: v.optional(shop.Timetable),
  enablePreOrder: v.optional(bool, true),
  leadTimeMinutes: v.optional(shop.ShopConfig.entries.leadTimeMinutes.wrapped, () => ({ ...DEFAULT_LEAD_TIME })),
  /**
   * Online payments of this shop go through the simulated provider (no money moves), even in
   * production — for a demo or training shop; default: real providers (production needs keys)
   */
  simulatedPayments: v.optional(bool),
  /** Origins (https://restaurant.example) whose pages may use this shop's API; default: any */
  allowedOrigins: v.optional(
    v.array(
      v.pipe(
        v.string('expected an origin'),
        v.check((s) => {
          try {
            const u = new URL(s);
            return /^https?:$/.test(u.protocol) && u.origin === s;
          } catch {
            return false;
          }
        }, "expected an origin like 'https://restaurant.example' (no path, no trailing slash)"),
      ),
      'expected a list of origins',
    ),
  ),
});

// ---- the file ------------------------------------------------------------------------------

const ShopEntry = v.strictObject({
  config: ShopConfigSchema,
  /** the shop's own catalog … */
  catalog: v.optional(CatalogSchema),
  /** … or the id of a shop whose catalog it shares (franchise shops) */
  catalogOf: v.optional(id),
  /** the restaurant's own host names (lower case, no port): a request for one gets this shop's shell */
  hosts: list(v.pipe(str, v.regex(HOST, "expected a host name in lower case without port, e.g. 'bestellen.pizzeria-roma.de'"))),
});

const Franchise = v.strictObject({ id, slug, name: nonEmpty });

const GazetteerStreet = v.strictObject({
  name: nonEmpty,
  postalCode: zip,
  latitude: lat,
  longitude: lng,
  /** default: the gazetteer's city */
  locality: v.optional(str),
});

const Gazetteer = v.strictObject({
  city: nonEmpty,
  streets: v.pipe(v.array(GazetteerStreet, 'expected a list of streets'), v.minLength(1, 'expected at least one street')),
});

export { COUPON_CODE };

const Coupon = v.strictObject({
  code: v.pipe(str, v.regex(COUPON_CODE, 'expected a code of 1-64 letters, digits, _ or -')),
  shopId: id,
  type: v.picklist(['percent', 'value'], "expected 'percent' or 'value'"),
  /** percent, or cents for type 'value' */
  value: int(0),
  minimumOrderValue: optCents,
  validFrom: v.optional(v.nullable(instant), null),
  validUntil: v.optional(v.nullable(instant), null),
  reservedPhone: v.optional(v.nullable(str), null),
  /** how often the coupon may be redeemed in all (1 = single use); null = unlimited */
  maxUses: v.optional(v.nullable(int(1)), null),
});

/** Per-shop settings the server keeps to itself (never sent to a browser). */
const ShopSettings = v.strictObject({
  shopId: id,
  /** where new orders are e-mailed */
  email: v.optional(v.nullable(v.pipe(str, v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'expected an e-mail address'))), null),
  /** the restaurant's VAT id (USt-IdNr.), printed on the guest's order confirmation; null = none */
  vatId: v.optional(
    v.nullable(v.pipe(str, v.regex(/^[A-Z]{2}[0-9A-Z]{2,12}$/, "expected a VAT id: country code and 2-12 letters or digits, e.g. 'DE123456789'"))),
  ),
  /** the shop's own secrets (webhook secret, payment accounts): imported encrypted into shop_secrets, never sent to a browser */
  secrets: v.optional(ShopSecretsSchema),
  /** new orders are POSTed here, signed with HMAC-SHA256 (docs/api.md) */
  orderWebhookUrl: v.optional(v.nullable(v.pipe(str, v.regex(/^https?:\/\/\S+$/, 'expected an http(s) URL'))), null),
  /** drivers' cards (/f/{drivercode}): each reservation creates a single-use coupon of this kind for the phone */
  driverCodes: list(
    v.strictObject({
      code: v.pipe(str, v.regex(/^[A-Za-z0-9_-]{3,32}$/, 'expected 3-32 letters, digits, _ or -')),
      type: v.picklist(['percent', 'value'], "expected 'percent' or 'value'"),
      value: int(1),
      minimumOrderValue: optCents,
      /** the coupon is valid this many days from the reservation */
      validDays: v.optional(int(1), 30),
      /** how many coupons the code mints in all (one per phone); default DRIVER_CODE_MAX_COUPONS (200) */
      maxCoupons: v.optional(int(1)),
    }),
  ),
  /** the waiter password, hashed (`npm run waiter-password -- <password>` prints it); none = no waiter mode */
  waiterPassword: v.optional(
    v.nullable(v.pipe(str, v.regex(/^scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/, "expected 'scrypt:<salt>:<hash>' from npm run waiter-password"))),
  ),
  /** the restaurant's table numbers (printable QR codes); default none */
  tables: v.optional(v.pipe(v.array(int(1), 'expected a list of table numbers'), v.maxLength(500, 'expected at most 500 tables'))),
  /** names of tables that are not called 'Tisch {n}' (staff app 'Tische'): table number → name */
  tableNames: v.optional(
    v.record(
      v.pipe(str, v.regex(/^[1-9]\d{0,5}$/, 'expected a table number as the key')),
      v.pipe(str, v.minLength(1, 'expected a name'), v.maxLength(40, 'expected at most 40 characters')),
      'expected table number → name',
    ),
  ),
  /** coupon e-mails (/reservieren/{emailid}): the link's id and the coupon code it activates */
  couponMails: list(
    v.strictObject({
      id: v.pipe(str, v.regex(/^[A-Za-z0-9_-]{6,64}$/, 'expected 6-64 letters, digits, _ or -')),
      code: v.pipe(str, v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a coupon code')),
    }),
  ),
});

export const DataFileSchema = v.strictObject({
  $schema: v.optional(str),
  description: v.optional(str),
  version: v.optional(v.literal(1, 'expected version 1'), 1),
  gazetteer: Gazetteer,
  franchises: list(Franchise),
  shops: v.pipe(v.array(ShopEntry, 'expected a list of shops'), v.minLength(1, 'expected at least one shop')),
  coupons: list(Coupon),
  shopSettings: list(ShopSettings),
});

export type DataFile = v.InferOutput<typeof DataFileSchema>;
export type GazetteerStreetData = v.InferOutput<typeof GazetteerStreet>;
export type CouponData = v.InferOutput<typeof Coupon>;
export type ShopSettingsData = v.InferOutput<typeof ShopSettings>;
