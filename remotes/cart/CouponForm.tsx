// Coupon entry (none → validating → valid | invalid) and the look-up of a
// coupon reserved for a phone number. The stores do the work; this renders their state.
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { SHOP_UNAVAILABLE } from '@shared/i18n';
import type { OrderBreakdown } from '@shared/pricing';
import { CART_TEXT, couponApplied, couponBelowMinimum } from './texts';
import { $coupon, applyCoupon, checkReservedCoupon, clearCoupon } from '@shared/stores';
import { Button } from '@shared/ui';

export function CouponForm({ order }: { order: OrderBreakdown }) {
  const coupon = useStore($coupon);
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [searching, setSearching] = useState(false);
  const [noneFound, setNoneFound] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    void applyCoupon(code).then((s) => {
      if (s.state === 'valid') setCode('');
    });
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (!phone.trim()) return;
    setSearching(true);
    setNoneFound(false);
    void checkReservedCoupon(phone).then((found) => {
      setSearching(false);
      setNoneFound(!found);
    });
  };

  let state = null;
  if (coupon.state === 'validating') state = <p className="cart-coupon__state">{CART_TEXT.couponValidating}</p>;
  else if (coupon.state === 'invalid') state = <p className="cart-coupon__state cart-coupon__state--invalid">{CART_TEXT.couponInvalid}</p>;
  else if (coupon.state === 'unavailable') state = <p className="cart-coupon__state cart-coupon__state--invalid">{SHOP_UNAVAILABLE}</p>;
  else if (coupon.state === 'valid') {
    const below = order.coupon?.reason === 'minimumOrderValue';
    state = (
      <div className="cart-coupon__valid">
        <p className={`cart-coupon__state${below ? ' cart-hint--warn' : ''}`}>
          {below ? couponBelowMinimum(coupon.code, coupon.minimumOrderValue) : couponApplied(coupon.code)}
        </p>
        <Button variant="ghost" onClick={() => clearCoupon()}>
          {CART_TEXT.couponRemove}
        </Button>
      </div>
    );
  }

  return (
    <div className="cart-coupon" data-coupon-state={coupon.state}>
      {coupon.state !== 'valid' && (
        <form onSubmit={submit} noValidate>
          <label>
            {CART_TEXT.couponLabel}
            <input
              name="coupon"
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary" loading={coupon.state === 'validating'}>
            {CART_TEXT.couponApply}
          </Button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {state}
      </div>
      <form onSubmit={search} noValidate>
        <label>
          {CART_TEXT.reservedLabel}
          <input
            name="phone"
            type="tel"
            value={phone}
            autoComplete="tel"
            maxLength={40}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
        <Button type="submit" variant="ghost" loading={searching}>
          {CART_TEXT.reservedSearch}
        </Button>
      </form>
      {noneFound && (
        <p className="cart-hint" role="status">
          {CART_TEXT.reservedNone}
        </p>
      )}
    </div>
  );
}
