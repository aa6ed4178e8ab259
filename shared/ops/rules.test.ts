import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { DishCartItem, MenuCartItem, TimetableEntry } from '@shared/domain';
import { acceptPresets } from '@shared/inbox';
import {
  answerDeadline, busyAfterPress, deviceWatchStep, isAnswerMinutes, isBusyMinutes, lineItemIds,
  pauseEnd, refundRetryAt, shopLiveAt, soldOutInLine, tonightsClose, withBusyLead, type ShopOpsState,
} from './rules';

const BERLIN = 'Europe/Berlin';
// Tuesday 24.11.2026, 12:00 in Berlin (UTC+1)
const NOON = new Date('2026-11-24T11:00:00Z');
const none: ShopOpsState = { pausedUntil: null, busyMinutes: 0, busyUntil: null, unattendedSince: null, soldOut: [] };

describe('shopLiveAt', () => {
  it('takes orders when nothing is set', () => {
    expect(shopLiveAt(none, NOON, BERLIN)).toEqual({ takingOrders: true, reason: null, pausedUntil: null, busyMinutes: 0, soldOut: [], notice: null });
  });
  it('paused until 12:30 today: no orders, the notice names the time; at 12:30 it is over', () => {
    const s = { ...none, pausedUntil: '2026-11-24T11:30:00.000Z' };
    expect(shopLiveAt(s, NOON, BERLIN)).toMatchObject({
      takingOrders: false, reason: 'paused', pausedUntil: '2026-11-24T11:30:00.000Z',
      notice: 'Das Restaurant nimmt gerade keine Bestellungen an – wieder ab 12:30 Uhr.',
    });
    expect(shopLiveAt(s, new Date('2026-11-24T11:30:00Z'), BERLIN)).toMatchObject({ takingOrders: true, reason: null, notice: null });
  });
  it('paused until tomorrow: "heute keine Bestellungen mehr"', () => {
    const s = { ...none, pausedUntil: '2026-11-24T23:00:00.000Z' }; // 00:00 on the 25th in Berlin
    expect(shopLiveAt(s, NOON, BERLIN).notice).toBe('Das Restaurant nimmt heute keine Bestellungen mehr an.');
  });
  it('unattended (no device): no orders with its own notice', () => {
    expect(shopLiveAt({ ...none, unattendedSince: '2026-11-24T10:50:00Z' }, NOON, BERLIN)).toMatchObject({
      takingOrders: false, reason: 'unattended', notice: 'Das Restaurant nimmt gerade keine Online-Bestellungen an. Bitte versuche es später noch einmal.',
    });
  });
  it('busy and sold out count until their end only', () => {
    const s: ShopOpsState = {
      ...none, busyMinutes: 15, busyUntil: '2026-11-24T21:00:00Z',
      soldOut: [{ id: 'b', until: null }, { id: 'a', until: '2026-11-24T21:00:00Z' }, { id: 'gone', until: '2026-11-24T10:00:00Z' }],
    };
    expect(shopLiveAt(s, NOON, BERLIN)).toMatchObject({ busyMinutes: 15, soldOut: ['a', 'b'] });
    expect(shopLiveAt(s, new Date('2026-11-24T21:00:00Z'), BERLIN)).toMatchObject({ busyMinutes: 0, soldOut: ['b'] });
  });
});

describe('shop-local instants', () => {
  it('pauseEnd', () => {
    expect(pauseEnd(15, NOON, BERLIN).toISOString()).toBe('2026-11-24T11:15:00.000Z');
    expect(pauseEnd(60, NOON, BERLIN).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(pauseEnd('tomorrow', NOON, BERLIN).toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });
  it('tonightsClose: the end of the range the shop is in or the last one ahead; overnight; closed: midnight', () => {
    // Tuesday = dayIndex 1: 11:30–14:30 and 17:00–22:30
    const openingTimes: TimetableEntry[] = [
      { dayIndex: 1, from: '11:30', to: '14:30' }, { dayIndex: 1, from: '17:00', to: '22:30' },
      { dayIndex: 2, from: '18:00', to: '02:00' },
    ];
    const shop = { openingTimes, specialOpeningTimes: [], timeZone: BERLIN };
    expect(tonightsClose(shop, NOON).toISOString()).toBe('2026-11-24T21:30:00.000Z');
    expect(tonightsClose(shop, new Date('2026-11-24T22:00:00Z')).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // Wednesday 23:00 → Thursday 02:00; Thursday 01:00 still in it
    expect(tonightsClose(shop, new Date('2026-11-25T22:00:00Z')).toISOString()).toBe('2026-11-26T01:00:00.000Z');
    expect(tonightsClose(shop, new Date('2026-11-26T00:00:00Z')).toISOString()).toBe('2026-11-26T01:00:00.000Z');
    // a special closing day: closed, so the mark holds until midnight
    const closed = { ...shop, specialOpeningTimes: [{ from: '2026-11-24', until: '2026-11-24', reason: 'holiday', openingTimes: [] } as never] };
    expect(tonightsClose(closed, NOON).toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });
});

describe('busy', () => {
  it('adds to the accept presets and the lead times; presses go up in 15 to 60', () => {
    expect(acceptPresets(0)).toEqual([15, 30, 45, 60]);
    expect(acceptPresets(15)).toEqual([30, 45, 60, 75]);
    expect(withBusyLead({ delivery: 45, pickup: 20 }, 15)).toEqual({ delivery: 60, pickup: 35 });
    expect([0, 15, 45, 60].map(busyAfterPress)).toEqual([15, 30, 60, 60]);
    expect([0, 15, 60].every(isBusyMinutes)).toBe(true);
    expect([-15, 10, 75, 1.5, '15'].some(isBusyMinutes)).toBe(false);
  });
  it('answer minutes: 0 (off) or 2..60', () => {
    expect([0, 2, 8, 60].every(isAnswerMinutes)).toBe(true);
    expect([1, 61, -1, 8.5].some(isAnswerMinutes)).toBe(false);
  });
});

describe('sold out in a cart line', () => {
  const dish: DishCartItem = {
    kind: 'dish', lineId: 'l1', dishId: 'pizza', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null,
    extras: [{ groupId: 'g', itemId: 'kaese', itemName: 'Käse', promotion: null, amount: 1, type: 'ingredient' }, { groupId: 'p', itemId: 'pfand', itemName: 'Pfand', promotion: null, amount: 1, type: 'deposit' }],
  };
  const menu: MenuCartItem = { kind: 'menu', lineId: 'm1', menuId: 'mittag', memberName: null, amount: 1, price: 0, deliveryType: null, subitems: [{ ...dish, dishId: 'salat', extras: [] }], promotion: null };
  it('finds the dish, an extra, a menu and its dishes; never a deposit', () => {
    expect(lineItemIds(dish)).toEqual(['pizza', 'kaese']);
    expect(lineItemIds(menu)).toEqual(['mittag', 'salat']);
    expect(soldOutInLine(dish, new Set(['kaese']))).toBe('kaese');
    expect(soldOutInLine(dish, new Set(['pfand']))).toBeNull();
    expect(soldOutInLine(menu, new Set(['salat']))).toBe('salat');
    expect(soldOutInLine(dish, new Set())).toBeNull();
  });
});

describe('the order watch', () => {
  it('answerDeadline: 8 minutes after the inbox; 0 = off', () => {
    expect(answerDeadline(NOON, 8)!.toISOString()).toBe('2026-11-24T11:08:00.000Z');
    expect(answerDeadline(NOON, 0)).toBeNull();
  });
  it('refund retries: 1, 2, 4 … 60 minutes, none after the 8th failure', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => (refundRetryAt(n, NOON)!.getTime() - NOON.getTime()) / 60_000);
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect(refundRetryAt(8, NOON)).toBeNull();
  });
  it('retry waits never shrink (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), (n) => refundRetryAt(n + 1, NOON)!.getTime() >= refundRetryAt(n, NOON)!.getTime()));
  });
  const facts = { watch: true, everConnected: true, connected: 0, open: true, noDeviceSince: null, unattendedSince: null };
  it('starts the clock, stops the shop after 5 minutes (once), resumes when a device connects', () => {
    const first = deviceWatchStep(facts, NOON);
    expect(first).toEqual({ noDeviceSince: NOON.toISOString(), unattendedSince: null, stoppedNow: false });
    const at4 = deviceWatchStep({ ...facts, noDeviceSince: first.noDeviceSince }, new Date('2026-11-24T11:04:59Z'));
    expect(at4.stoppedNow).toBe(false);
    const at5 = deviceWatchStep({ ...facts, noDeviceSince: first.noDeviceSince }, new Date('2026-11-24T11:05:00Z'));
    expect(at5).toEqual({ noDeviceSince: NOON.toISOString(), unattendedSince: '2026-11-24T11:05:00.000Z', stoppedNow: true });
    const later = deviceWatchStep({ ...facts, ...at5 }, new Date('2026-11-24T11:06:00Z'));
    expect(later.stoppedNow).toBe(false);
    expect(later.unattendedSince).toBe('2026-11-24T11:05:00.000Z');
    expect(deviceWatchStep({ ...facts, ...at5, connected: 1 }, new Date('2026-11-24T11:07:00Z'))).toEqual({ noDeviceSince: null, unattendedSince: null, stoppedNow: false });
  });
  it('never stops a shop whose watch is off (POS), that never used the staff app, or outside its hours', () => {
    const at = new Date('2026-11-24T11:10:00Z');
    const old = { noDeviceSince: NOON.toISOString() };
    expect(deviceWatchStep({ ...facts, ...old, watch: false }, at).stoppedNow).toBe(false);
    expect(deviceWatchStep({ ...facts, ...old, everConnected: false }, at).stoppedNow).toBe(false);
    expect(deviceWatchStep({ ...facts, ...old, open: false }, at)).toEqual({ noDeviceSince: null, unattendedSince: null, stoppedNow: false });
  });
});
