import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { GroupOrder } from '@shared/domain';
import { ApiError } from '@shared/api';
import { $cart, $groupLines, $groupOthersSubtotal, $groupOrderActive, $groupRole, $isNonOwnerInActiveGroup, $shopId } from '@shared/stores';

const getGroup = jest.fn<(id: string) => Promise<GroupOrder>>();
const updateMember = jest.fn<(...a: unknown[]) => Promise<unknown>>(async () => ({}));
jest.mock('./api', () => ({
  apiGetGroup: (id: string) => getGroup(id),
  apiUpdateMember: (...a: unknown[]) => updateMember(...a),
  apiCreateGroup: jest.fn(),
  apiJoinGroup: jest.fn(),
  apiFindGroup: jest.fn(),
  apiUpdateGroup: jest.fn(),
}));

// imported after jest.mock: the store binds to the mocked calls
import {
  $groupNotice, $groupSession, applyGroup, groupSubmission, refreshGroup, rememberMissedGroupOrder, setGroupNavigator, startGroupSync, takeMissedGroupOrder,
} from './store';

const line = (lineId: string) => ({ kind: 'dish' as const, lineId, dishId: 'gelato', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] });
const cart = (n: number) => ({ total: 0, items: Array.from({ length: n }, (_, i) => line(`l${i}`)), confirmedTwoForOnePromotions: [] });

function group(stage: GroupOrder['stage'], memberIds = ['own', 'm2'], orderId: string | null = null): GroupOrder {
  return {
    id: 'g1', code: 'abcdefghjkmn', name: 'Büro', owner: 'Olga', stage, isPickup: false, orderId,
    members: memberIds.map((id, i) => ({ id, userId: '', name: id, status: i === 0 ? 'owner' : 'menu', cart: cart(1) })),
  };
}

function joinAs(memberId: string) {
  $groupSession.set({ groupId: 'g1', memberId, userId: 'u'.repeat(16) });
  $groupOrderActive.set(true);
}

describe('group store', () => {
  const nav: string[] = [];
  beforeEach(() => {
    nav.length = 0;
    setGroupNavigator((p) => nav.push(p));
    $groupNotice.set(null);
    getGroup.mockReset();
    updateMember.mockClear();
    $cart.set([line('mine')]);
  });

  it('the owner at the checkout pays for the other members’ lines; members go to the holding page', () => {
    joinAs('own');
    applyGroup(group('checkout'));
    expect($groupRole.get()).toBe('owner');
    expect($groupLines.get().map((l) => [l.lineId, l.memberName])).toEqual([['m2.l0', 'm2']]);
    expect(groupSubmission()).toEqual({ groupOrderId: 'g1', userId: 'u'.repeat(16) });
    expect(nav).toEqual([]);

    joinAs('m2');
    applyGroup(group('checkout'));
    expect($groupLines.get()).toEqual([]);
    expect(groupSubmission()).toBeNull();
    expect(nav).toEqual(['/checkout/holding']);
  });

  it("before the checkout the others' server-priced cart totals count toward the group's minimum; at the checkout their lines do", () => {
    joinAs('own');
    const g = group('menu', ['own', 'm2', 'm3']);
    g.members[0].cart.total = 900;
    g.members[1].cart.total = 2000;
    g.members[2].cart.total = 450;
    applyGroup(g);
    expect($groupOthersSubtotal.get()).toBe(2450);
    applyGroup({ ...g, stage: 'checkout' });
    expect($groupOthersSubtotal.get()).toBe(0);
    expect($groupLines.get()).toHaveLength(2);
  });

  it('a removed member is told with "Gruppenfunktion" and keeps the cart', () => {
    joinAs('m3');
    applyGroup(group('menu'));
    expect($groupSession.get()).toBeNull();
    expect($groupOrderActive.get()).toBe(false);
    expect($groupNotice.get()?.title).toBe('Gruppenfunktion');
    expect($cart.get()).toHaveLength(1);
  });

  it('completed: the member goes to the order, the own lines were ordered', () => {
    joinAs('m2');
    applyGroup(group('completed', ['own', 'm2'], 'order123'));
    expect(nav).toEqual(['/checkout/success/order123']);
    expect($cart.get()).toEqual([]);
    expect($groupSession.get()).toBeNull();
  });

  it('leaves after more than 5 failed polls in a row, not before', async () => {
    joinAs('m2');
    getGroup.mockRejectedValue(new ApiError('network', 'offline'));
    for (let i = 0; i < 5; i++) await refreshGroup();
    expect($groupSession.get()).not.toBeNull();
    await refreshGroup();
    expect($groupSession.get()).toBeNull();
    expect($groupNotice.get()?.text).toMatch(/^Die Verbindung zur Gruppe ist abgebrochen/);
    expect(updateMember).toHaveBeenCalledWith('g1', 'm2', 'u'.repeat(16), { leave: true });
  });

  it('a success in between resets the count', async () => {
    joinAs('m2');
    getGroup.mockRejectedValue(new ApiError('network', 'offline'));
    for (let i = 0; i < 5; i++) await refreshGroup();
    getGroup.mockResolvedValueOnce(group('menu'));
    await refreshGroup();
    for (let i = 0; i < 5; i++) await refreshGroup();
    expect($groupSession.get()).not.toBeNull();
  });

  it('a disbanded group (404) ends the membership at once', async () => {
    joinAs('m2');
    getGroup.mockRejectedValue(new ApiError('notFound', 'gone', { status: 404 }));
    await refreshGroup();
    expect($groupSession.get()).toBeNull();
    expect($groupNotice.get()?.text).toMatch(/aufgelöst/);
  });

  it('a member is a non-owner in an active group (no two-for-one dialog, no location prompt); the owner is not', () => {
    joinAs('m2');
    applyGroup(group('menu'));
    expect($isNonOwnerInActiveGroup.get()).toBe(true);
    joinAs('own');
    applyGroup(group('menu'));
    expect($isNonOwnerInActiveGroup.get()).toBe(false);
  });

  it('remembers a missed group order over 25,00 € outside group and table mode, once', () => {
    $shopId.set('demo');
    expect(rememberMissedGroupOrder('o1', 2500, false, false)).toBe(false);
    expect(rememberMissedGroupOrder('o1', 3000, true, false)).toBe(false);
    expect(takeMissedGroupOrder()).toBe(false);
    expect(rememberMissedGroupOrder('o2', 2501, false, false)).toBe(true);
    expect(takeMissedGroupOrder()).toBe(true);
    expect(takeMissedGroupOrder()).toBe(false);
  });

  it('reads the group every 5 s, but never a second time while a read is open (a slow server gets one request)', async () => {
    jest.useFakeTimers();
    try {
      joinAs('own');
      const answers: (() => void)[] = [];
      getGroup.mockImplementation(() => new Promise<GroupOrder>((r) => answers.push(() => r(group('menu')))));
      const stop = startGroupSync();
      await jest.advanceTimersByTimeAsync(5000);
      // the first read (at start) is still open; the poll's read waits behind it
      expect(getGroup.mock.calls.length).toBeLessThanOrEqual(2);
      await jest.advanceTimersByTimeAsync(15_000);
      expect(getGroup).toHaveBeenCalledTimes(2);
      answers.forEach((a) => a());
      await jest.advanceTimersByTimeAsync(5000);
      expect(getGroup).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
