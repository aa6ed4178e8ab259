import { describe, expect, it } from '@jest/globals';
import type { CartItem } from '@shared/domain';
import { validateGroupCart } from '@shared/checkout';
import {
  canSetStage, codeFromSearch, combineMemberItems, GROUP_POLL_MAX_FAILURES, inviteLink, isMissedGroupOrder, nextPollState, stageTarget,
} from './rules';

const item = (lineId: string, amount = 1) => ({ kind: 'dish', lineId, dishId: 'd', sizeId: null, memberName: null, amount, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] }) as CartItem;
const cart = (items: CartItem[]) => ({ total: 0, items, confirmedTwoForOnePromotions: [] });

describe('group rules', () => {
  it('builds the invitation link from the shop origin (with its /f= prefix)', () => {
    expect(inviteLink('https://shop.example', 'abcdefghjkmn')).toBe('https://shop.example/?gruppe=abcdefghjkmn');
    expect(inviteLink('https://shop.example/f=nord/', 'abcdefghjkmn')).toBe('https://shop.example/f=nord/?gruppe=abcdefghjkmn');
    expect(codeFromSearch('?gruppe=ABCDEFGHJKMN')).toBe('abcdefghjkmn');
    expect(codeFromSearch('?gruppe=../x')).toBeNull();
    expect(codeFromSearch('')).toBeNull();
  });

  it('combines the members’ lines with their names and unique line ids', () => {
    const members = [
      { id: 'm1', name: 'Olga', cart: cart([item('a', 2)]) },
      { id: 'm2', name: 'Anna', cart: cart([item('a', 1)]) },
    ];
    const all = combineMemberItems(members);
    expect(all.map((i) => [i.lineId, i.memberName, i.amount])).toEqual([['m1.a', 'Olga', 2], ['m2.a', 'Anna', 1]]);
    expect(combineMemberItems(members, 'm1').map((i) => i.memberName)).toEqual(['Anna']);
  });

  it('leaves after MORE than 5 consecutive poll failures; a success resets', () => {
    let s = { failures: 0 };
    for (let i = 1; i <= GROUP_POLL_MAX_FAILURES; i++) {
      const r = nextPollState(s, false);
      expect(r.leave).toBe(false);
      s = r.state;
    }
    expect(nextPollState(s, false).leave).toBe(true);
    expect(nextPollState(s, true)).toEqual({ state: { failures: 0 }, leave: false });
  });

  it('moves members (never the owner) by stage', () => {
    expect(stageTarget('checkout', false, null, '/')).toBe('/checkout/holding');
    expect(stageTarget('paying', false, null, '/f=x/checkout/holding')).toBeNull();
    expect(stageTarget('menu', false, null, '/checkout/holding')).toBe('/');
    expect(stageTarget('menu', false, null, '/')).toBeNull();
    expect(stageTarget('completed', false, 'abc', '/checkout/holding')).toBe('/checkout/success/abc');
    expect(stageTarget('checkout', true, null, '/')).toBeNull();
    expect(canSetStage('completed', 'menu')).toBe(false);
    expect(canSetStage('menu', 'completed')).toBe(false);
    expect(canSetStage('paying', 'menu')).toBe(true);
  });

  it('reminds of a missed group order over 25,00 € outside group and table mode', () => {
    expect(isMissedGroupOrder(2501, false, false)).toBe(true);
    expect(isMissedGroupOrder(2500, false, false)).toBe(false);
    expect(isMissedGroupOrder(3000, true, false)).toBe(false);
    expect(isMissedGroupOrder(3000, false, true)).toBe(false);
  });

  it('integrity: the four errors', () => {
    const owner = { id: 'm1', status: 'owner' as const, cart: cart([item('a', 2)]) };
    const other = { id: 'm2', status: 'menu' as const, cart: cart([item('b', 1)]) };
    expect(validateGroupCart({ members: [] })).toBe('No members found');
    expect(validateGroupCart({ members: [owner, { ...other, id: 'm1' }] })).toBe('Duplicate member found');
    expect(validateGroupCart({ members: [other] })).toBe('There must be exactly one owner');
    expect(validateGroupCart({ members: [owner, { ...other, status: 'owner' }] })).toBe('There must be exactly one owner');
    expect(validateGroupCart({ members: [owner, other], combinedItems: [item('x', 2)] })).toBe('Amount sum does not match');
    expect(validateGroupCart({ members: [owner, other], combinedItems: [item('x', 3)] })).toBeNull();
  });
});
