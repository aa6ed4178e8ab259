// The owner's coupons (table `coupons`, not part of the catalog): the form's one check, used by the
// staff app before sending and by the server's /api/staff/{shopId}/coupons before storing. The
// import's rules (docs/data-format.md "Coupon"): code of 1-64 letters, digits, _ or -, stored upper
// case; percent 0-100 or cents; validity by whole days (from 00:00 UTC, until the end of that day);
// maxUses null = unlimited.
import * as v from '@shared/domain/valibot';
import { formatPath, type PathItem } from './paths';
import { MAX_PRICE_CENTS } from '@shared/domain/euroInput';
import { germanIssue } from './check';

export const COUPON_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const COUPON_TEXTS = {
  badCode: 'Bitte 1 bis 64 Buchstaben, Ziffern, _ oder - (ohne Leerzeichen und Umlaute).',
  badDate: 'Bitte ein Datum wählen.',
  untilBeforeFrom: 'Das Ende darf nicht vor dem Beginn liegen.',
  percentMax: 'Höchstens 100 Prozent.',
} as const;

const date = v.nullable(v.pipe(v.string(), v.check((s) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'expected a date YYYY-MM-DD')));

export const CouponFormSchema = v.strictObject({
  code: v.pipe(v.string(), v.regex(COUPON_CODE, 'expected a code of 1-64 letters, digits, _ or -')),
  type: v.picklist(['percent', 'value'], "expected 'percent' or 'value'"),
  value: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PRICE_CENTS)),
  minimumOrderValue: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PRICE_CENTS)),
  validFrom: date,
  validUntil: date,
  maxUses: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
});

export type CouponForm = v.InferOutput<typeof CouponFormSchema>;
export type CouponCheck = { ok: true; coupon: CouponForm } | { ok: false; problems: { path: string; message: string; de: string }[] };

/** A percent coupon takes at most 100 % (the import and the owner's form) */
export const couponPercentTooHigh = (c: { type: string; value: number }): boolean => c.type === 'percent' && c.value > 100;

/** The whole check of one coupon as the owner's form sends it; the code comes back in capitals. */
export function checkCoupon(input: unknown): CouponCheck {
  const r = v.safeParse(CouponFormSchema, input);
  if (!r.success) {
    return {
      ok: false,
      problems: r.issues.map((i) => {
        const path = formatPath(i.path as PathItem[] | undefined);
        const de = path === 'code' ? COUPON_TEXTS.badCode : /^valid/.test(path) ? COUPON_TEXTS.badDate : path === 'value' && i.type === 'min_value' ? germanIssue({ ...i, path: [{ key: 'price' }] } as never) : germanIssue(i as never);
        return { path, message: i.message, de };
      }),
    };
  }
  const c = { ...r.output, code: r.output.code.toUpperCase() };
  const problems: { path: string; message: string; de: string }[] = [];
  if (couponPercentTooHigh(c)) problems.push({ path: 'value', message: 'a percent coupon is at most 100', de: COUPON_TEXTS.percentMax });
  if (c.validFrom && c.validUntil && c.validUntil < c.validFrom) problems.push({ path: 'validUntil', message: 'validUntil is before validFrom', de: COUPON_TEXTS.untilBeforeFrom });
  return problems.length ? { ok: false, problems } : { ok: true, coupon: c };
}
