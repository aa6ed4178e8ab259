import { describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import {
  buildTableOrder, isRefundLine, parseTableNumber, readRefund, refundBounds, refundedItemId,
  tableOrderRefusal, tablePaymentChoices, tablePayNowMethods, tableRefundLine, tableTotal, visibleItems, type TableData, type TableItem,
} from './rules';
import { isLineEditable } from '@shared/domain';
import { TABLE_TEXTS } from './texts';

const item = (over: Partial<TableItem> = {}): TableItem => ({
  id: 'AbCdEfGhIjKlMnOp.0', amount: 1, dishName: 'Pizza Margherita (26 cm)', price: 690, refunded: 0, dishId: 'pizza-margherita', sizeId: 'p26', ...over,
});

const data: TableData = {
  table: 7,
  groups: [
    { id: 'o1', items: [item(), item({ id: 'AbCdEfGhIjKlMnOp.1', dishName: 'Tiramisu', price: 399 }), item({ id: 'AbCdEfGhIjKlMnOp.2', price: 0 })] },
    { id: 'o2', items: [item({ id: 'refund-1', dishName: 'Storno: Pizza', price: -350, dishId: null })] },
  ],
};

describe('table numbers', () => {
  it('must be numeric and at least 1', () => {
    expect(parseTableNumber('7')).toBe(7);
    expect(parseTableNumber(' 12 ')).toBe(12);
    for (const bad of ['abc', '0', '-1', '1.5', '', '7a', null, undefined]) expect(parseTableNumber(bad)).toBeNull();
  });
});

describe('table data', () => {
  it('hides items priced 0 or less, and the total counts refunds', () => {
    expect(visibleItems(data).map((i) => i.dishName)).toEqual(['Pizza Margherita (26 cm)', 'Tiramisu']);
    expect(tableTotal(data)).toBe(690 + 399 - 350);
    expect(visibleItems(null)).toEqual([]);
    expect(tableTotal(null)).toBe(0);
  });
});

describe('refunds', () => {
  it('bounds: min 0,01, max what is left of the price, step 0,01, default the price', () => {
    expect(refundBounds(item())).toEqual({ min: 0.01, max: 6.9, step: 0.01, initial: 6.9 });
    expect(refundBounds(item({ refunded: 350 }))).toMatchObject({ max: 3.4, initial: 3.4 });
  });

  it('gives the spec’s texts for empty, 0, negative and over what is left of the price', () => {
    expect(readRefund(item(), '')).toEqual({ ok: false, message: 'Der zu erstattende Wert muss größer als 0 sein.' });
    expect(readRefund(item(), '0')).toEqual({ ok: false, message: 'Der zu erstattende Wert muss größer als 0 sein.' });
    expect(readRefund(item(), '0,00')).toEqual({ ok: false, message: 'Der zu erstattende Wert muss größer als 0 sein.' });
    expect(readRefund(item(), '-1')).toEqual({ ok: false, message: 'Der zu erstattende Wert muss größer als 0 sein.' });
    expect(readRefund(item(), '6,91')).toEqual({ ok: false, message: 'Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.' });
    expect(readRefund(item({ refunded: 350 }), '3,41')).toEqual({ ok: false, message: 'Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.' });
    expect(readRefund(item(), '99')).toEqual({ ok: false, message: 'Der zu erstattende Wert darf nicht größer als der Wert des Artikels sein.' });
  });

  it('reads what a waiter types, with a comma or a dot, as cents and euro', () => {
    expect(readRefund(item(), '3,50')).toEqual({ ok: true, cents: 350, euro: 3.5 });
    expect(readRefund(item(), '3.5')).toEqual({ ok: true, cents: 350, euro: 3.5 });
    expect(readRefund(item(), ' 4 € ')).toEqual({ ok: true, cents: 400, euro: 4 });
    expect(readRefund(item(), '6.90')).toEqual({ ok: true, cents: 690, euro: 6.9 });
    expect(readRefund(item(), '0,01')).toEqual({ ok: true, cents: 1, euro: 0.01 });
    expect(readRefund(item({ refunded: 350 }), '3,40')).toEqual({ ok: true, cents: 340, euro: 3.4 });
  });

  it('says what is wrong with something that is no amount', () => {
    expect(readRefund(item(), 'abc')).toEqual({ ok: false, message: 'Bitte einen Betrag in Euro eingeben, z. B. 8,50.' });
    expect(readRefund(item(), '3,505')).toEqual({ ok: false, message: 'Bitte höchstens zwei Stellen nach dem Komma (Cent).' });
  });

  it('the refund line: value × −100 cents, one unit, promotion waiter-refund, naming the item', () => {
    const line = tableRefundLine(item(), 3.5, 'n1');
    expect(line).toMatchObject({ kind: 'dish', dishId: 'pizza-margherita', sizeId: 'p26', amount: 1, price: -350, promotion: 'waiter-refund' });
    expect(isRefundLine(line)).toBe(true);
    expect(refundedItemId(line.lineId)).toBe('AbCdEfGhIjKlMnOp.0');
    for (const bad of ['l1', 'refund:', 'refund:x.0:n', 'refund:AbCdEfGhIjKlMnOp.0', 42]) expect(refundedItemId(bad)).toBeNull();
  });
});

describe('the table order', () => {
  it('sends messageCook, paymentMethod and table with empty form values, no coupon, no group', () => {
    const items = [tableRefundLine(item(), 1, 'a')] as CartItem[];
    const s = buildTableOrder({ items, table: 7, messageCook: '  ohne Zwiebeln ', paymentMethod: 'offline', sessionId: 's1' });
    expect(s).toMatchObject({ formValues: {}, orderItems: items, couponCode: null, groupOrderId: null, messageCook: 'ohne Zwiebeln', paymentMethod: 'offline', table: 7 });
  });

  it('pays now only on hosted pages; refunds only later', () => {
    expect(tablePayNowMethods(['offline', 'Stripe_card', 'PayPal_Platform', 'PayPal_Rest', 'Heidelpay_Sofort'])).toEqual(['Stripe_card', 'PayPal_Rest']);
    expect(tablePaymentChoices([], ['Stripe_card'])).toEqual(['later', 'now']);
    expect(tablePaymentChoices([], [])).toEqual(['later']);
    expect(tablePaymentChoices([tableRefundLine(item(), 1, 'a')], ['Stripe_card'])).toEqual(['later']);
  });

  it('has the spec’s texts', () => {
    expect(TABLE_TEXTS.orderSuccess(7)).toBe('Die gewünschten Artikel wurden erfolgreich für Tisch 7 gebucht.');
    expect(TABLE_TEXTS.orderError).toBe('Error while submitting order...');
    expect(TABLE_TEXTS.selectTitle).toBe('Wähle einen Tisch');
  });
});

describe('which table orders a shop takes', () => {
  const open = { tables: [1, 2, 3, 7], table: 3, insideOpenHours: true, waiter: false };
  it('a shop without tables takes none, a table it does not have is unknown', () => {
    expect(tableOrderRefusal({ ...open, tables: [] })).toEqual({ status: 403, code: 'no_table_service', text: 'Dieses Restaurant nimmt keine Bestellungen am Tisch an.' });
    expect(tableOrderRefusal({ ...open, table: 999999 })).toEqual({ status: 404, code: 'unknown_table', text: 'Einen Tisch 999999 gibt es in diesem Restaurant nicht.' });
    expect(tableOrderRefusal({ ...open, table: 4 })?.code).toBe('unknown_table');
    expect(tableOrderRefusal(open)).toBeNull();
  });
  it('closed: refused for a guest, taken from a waiter on site', () => {
    expect(tableOrderRefusal({ ...open, insideOpenHours: false })).toEqual({
      status: 409, code: 'shop_closed', text: 'Das Restaurant hat gerade geschlossen. Am Tisch bestellen kannst Du während der Öffnungszeiten.',
    });
    expect(tableOrderRefusal({ ...open, insideOpenHours: false, waiter: true })).toBeNull();
    // a waiter cannot book for a table the shop does not have either
    expect(tableOrderRefusal({ ...open, table: 8, waiter: true })?.code).toBe('unknown_table');
  });
});

describe('a refund line is not a dish', () => {
  it('is not editable; dishes and menus are', () => {
    expect(isLineEditable(tableRefundLine(item(), 5.9, 'n1'))).toBe(false);
    expect(isLineEditable({ promotion: null })).toBe(true);
    expect(isLineEditable({ promotion: 'p-2for1' })).toBe(true);
  });
});
