/** @jest-environment ./tests/jest/jsdom-env.cjs */
// Back from a payment page on the restaurant's own page: the checkout's first view is read from
// the URL and the notice without changing either, because the widget renders in a transition and
// React may compute the first view more than once before it is shown (a second reading used to
// find the URL already tidied and showed no 'Die Zahlung wurde abgebrochen').
import { beforeEach, describe, expect, it } from '@jest/globals';
import { initialView, tidyAfterReturn } from './CheckoutWidget';
import { setNotice } from './flow';

const props = { host: { shopId: 'demo', shopUrl: 'https://shop.example', inShell: false, navigate: () => undefined }, options: {} };

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/speisen?tisch=1');
});

describe('the checkout after a payment page', () => {
  it('a cancelled payment: every reading shows the notice; once shown, the markers leave the URL', () => {
    history.replaceState(null, '', '/speisen?tisch=1&tl_checkout=paymentCanceled&tl_order=order12345');
    expect(initialView(props)).toEqual({ kind: 'form', notice: 'paymentCanceled' });
    const shown = initialView(props);
    expect(shown).toEqual({ kind: 'form', notice: 'paymentCanceled' });
    expect(location.search).toBe('?tisch=1&tl_checkout=paymentCanceled&tl_order=order12345');
    tidyAfterReturn(props, shown);
    expect(location.search).toBe('?tisch=1');
    expect(initialView(props)).toEqual({ kind: 'form', notice: null });
  });

  it('a paid order: the success view on every reading; the provider parameters go, the success marker stays', () => {
    history.replaceState(null, '', '/speisen?tl_checkout=success&tl_order=order12345&payment=paid&session_id=cs_1');
    const success = { kind: 'success', orderId: 'order12345', payment: 'paid' };
    expect(initialView(props)).toEqual(success);
    expect(initialView(props)).toEqual(success);
    // the success view found the payment failed and left a notice for the form it goes back to
    setNotice('demo', 'paymentFailed');
    tidyAfterReturn(props, success as Parameters<typeof tidyAfterReturn>[1]);
    expect(location.search).toBe('?tl_checkout=success&tl_order=order12345');
    expect(initialView(props)).toEqual({ kind: 'success', orderId: 'order12345', payment: null });
    history.replaceState(null, '', '/speisen');
    expect(initialView(props)).toEqual({ kind: 'form', notice: 'paymentFailed' });
  });

  it('a notice left by a failed payment: shown on every reading, used up once shown', () => {
    setNotice('demo', 'paymentFailed');
    expect(initialView(props)).toEqual({ kind: 'form', notice: 'paymentFailed' });
    const shown = initialView(props);
    expect(shown).toEqual({ kind: 'form', notice: 'paymentFailed' });
    tidyAfterReturn(props, shown);
    expect(initialView(props)).toEqual({ kind: 'form', notice: null });
  });
});
