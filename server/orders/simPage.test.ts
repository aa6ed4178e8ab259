// The simulated provider's hosted page names the payment method as the guest knows it.
import { describe, expect, it } from '@jest/globals';
import { simPage } from './payment';
import type { StoredOrder } from './read';

const order = {
  seq: '1', id: 'A1B2C3', shop_id: 'demo', status: 'received', payment_method: 'Stripe_card', payment_status: 'pending',
  payment_provider: 'simulated', payment_ref: null, delivery_type: 'pickup', serve_at: null,
  customer: { name: 'Anna', email: 'anna@example.de' }, coupon_code: null, subtotal: 2350, discount: 0, coupon_amount: 0,
  deposit: 0, delivery_fee: 0, total: 2350, accept_advertising: false, created_at: '2026-11-26T11:00:00Z', updated_at: '2026-11-26T11:00:00Z', lines: [],
} satisfies StoredOrder;

describe('simulated payment page', () => {
  it("shows 'Kreditkarte', not the raw 'Stripe_card', and the amount in euro", () => {
    const html = simPage({ order, shopName: 'Pizzeria', returnUrl: 'https://a.example/ok', cancelUrl: 'https://a.example/ab' }, 'sim_abcdefghijkl');
    expect(html).toContain('<strong>Betrag: 23,50\u00a0€</strong> · Kreditkarte</p>');
    expect(html).not.toContain('Stripe_card');
  });
});
