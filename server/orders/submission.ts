// The order submission payload as the server accepts it (valibot schema, docs/api.md).
import * as v from 'valibot';

// NUL characters cannot be stored in PostgreSQL text: dropped
const text = (max = 2000) => v.optional(v.pipe(v.string('expected a string'), v.maxLength(max, `expected at most ${max} characters`), v.transform((x) => x.replace(/\0/g, ''))), '');
const id = v.nullish(v.pipe(v.string('expected a string'), v.maxLength(200, 'expected at most 200 characters'), v.transform((x) => x.replace(/\0/g, ''))), null);
const flag = v.optional(v.boolean('expected true or false'), false);

export const FormValuesSchema = v.object({
  salutation: text(), name: text(), street: text(), streetNumber: text(), zip: text(), city: text(),
  email: text(), phone: text(), messageDriver: text(), messageCook: text(), floor: text(), company: text(),
  paymentMethod: text(40),
  isPickup: flag,
  serveAt: v.optional(v.nullable(text(10)), ''),
});

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The spec's order submission payload plus four own fields (docs/api.md). */
export const OrderSubmissionSchema = v.object({
  formValues: FormValuesSchema,
  orderItems: v.pipe(v.array(v.unknown(), 'expected a list of cart lines'), v.maxLength(100, 'expected at most 100 lines')),
  couponCode: v.nullish(v.pipe(v.string(), v.maxLength(64, 'expected at most 64 characters')), null),
  sessionId: id,
  userId: id,
  groupOrderId: id,
  acceptAdvertising: flag,
  useDishDeposit: flag,
  account: id,
  createAccount: flag,
  skipGoogleValidation: flag,
  selectedFreeItems: v.optional(
    v.pipe(
      v.array(v.object({ offerId: v.pipe(v.string(), v.maxLength(100)), dishId: v.pipe(v.string(), v.maxLength(100)), sizeId: v.nullish(v.pipe(v.string(), v.maxLength(100)), null) })),
      v.maxLength(20, 'expected at most 20 free items'),
    ),
    () => [],
  ),
  confirmedTwoForOnePromotions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50)), () => []),
  expectedTwoForOnePromotions: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50)), () => []),
  table: v.optional(v.unknown()),
  // table orders: messageCook and paymentMethod beside empty form values
  messageCook: text(),
  paymentMethod: text(40),
  // own fields
  idempotencyKey: v.optional(v.pipe(v.string(), v.regex(IDEMPOTENCY_KEY, 'expected 8-128 letters, digits or _.:-'))),
  legalAccepted: flag,
  pickupConfirmed: flag,
  viaPayPalButton: flag,
  // own: the catalog version the cart was priced on (bootstrap's catalogVersion): names what changed since
  catalogVersion: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}-[0-9a-f]{12}$/, "expected a catalog version like '3-0123456789ab'"))),
});

export type OrderSubmissionInput = v.InferOutput<typeof OrderSubmissionSchema>;
