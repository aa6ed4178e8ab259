// The restaurant's e-mail: the kind of order ('Tisch 7' for a table order) and a waiter's refund.
import { describe, expect, it } from '@jest/globals';
import { orderKind, orderMailText } from './notify';
import type { StoredOrder } from './read';

function order(over: Partial<StoredOrder>): StoredOrder {
  return {
    seq: '1', id: 'A1B2C3', shop_id: 'demo', status: 'confirmed', payment_method: 'cash', payment_status: 'on_delivery',
    payment_provider: null, payment_ref: null, delivery_type: 'pickup', serve_at: null,
    customer: { name: 'Tisch 7', email: '', phone: '', table: 7 }, coupon_code: null,
    subtotal: 790, discount: 0, coupon_amount: 0, deposit: 0, delivery_fee: 0, total: 790, accept_advertising: false,
    created_at: '2026-11-26T11:00:00Z', updated_at: '2026-11-26T11:00:00Z',
    lines: [{ position: 0, kind: 'dish', name: 'Pizza Margherita', amount: 1, unit_price: 790, total: 790, extras: [] }],
    ...over,
  };
}

describe('restaurant order mail', () => {
  it("says 'Art: Tisch 7' for a table order, not 'Abholung'", () => {
    const text = orderMailText(order({}), 'Pizzeria');
    expect(text).toContain('Art: Tisch 7, so schnell wie möglich');
    expect(text).not.toContain('Abholung');
    expect(orderKind(order({ customer: { name: 'Anna', email: 'a@b.de', phone: '1' } }))).toBe('Abholung');
    expect(orderKind(order({ delivery_type: 'delivery', customer: { name: 'Anna', email: 'a@b.de', phone: '1' } }))).toBe('Lieferung');
  });

  it('a booked refund alone says what was refunded, not an empty 0,00 € order', () => {
    const text = orderMailText(order({ lines: [], subtotal: 0, total: 0 }), 'Pizzeria', [{ name: 'Cola 0,33 l', amount: 250 }]);
    expect(text.split('\n')[0]).toBe('Storno bei Pizzeria');
    expect(text).toContain('Art: Tisch 7');
    expect(text).toContain('  1x Cola 0,33 l  -2,50\u00a0€');
    expect(text).toContain('Storniert gesamt: -2,50\u00a0€');
    expect(text).not.toContain('Gesamt: 0,00');
    expect(text).not.toContain('Neue Bestellung');
  });

  it('a booking with dishes and a refund lists both', () => {
    const text = orderMailText(order({}), 'Pizzeria', [{ name: 'Cola 0,33 l', amount: 250 }]);
    expect(text).toContain('Neue Bestellung bei Pizzeria');
    expect(text).toContain('Storniert:\n  1x Cola 0,33 l  -2,50\u00a0€');
  });
});
