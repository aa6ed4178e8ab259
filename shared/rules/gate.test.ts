import { describe, expect, it } from '@jest/globals';
import type { FranchiseShop } from '@shared/domain';
import { ALL_FRANCHISE_SHOPS_CLOSED, CLOSED_TODAY } from '@shared/i18n';
import { menuGate, type MenuGateInput } from './gate';

const open = { allowOrders: true, openInMinutes: null, openAt: null };
const closed = { allowOrders: false, openInMinutes: null, openAt: null };
const shop = (acceptOrders: boolean) => ({ acceptOrders }) as FranchiseShop;

const base: MenuGateInput = {
  editing: false, franchiseOverview: false, period: open, showNevertheless: false, franchise: null,
  requiredAge: 0, ageConfirmed: () => false,
};

describe('menuGate: franchise → closed → age', () => {
  it('opens the dialog when nothing stands in the way', () => {
    expect(menuGate(base)).toEqual({ gate: 'open' });
  });

  it('a franchise overview comes first, before closed and age', () => {
    expect(menuGate({ ...base, franchiseOverview: true, period: closed, requiredAge: 18 })).toEqual({ gate: 'franchise', reason: 'overview' });
  });

  it('closed comes before age', () => {
    expect(menuGate({ ...base, period: closed, requiredAge: 18 })).toEqual({ gate: 'closed', text: CLOSED_TODAY });
  });

  it('closed says when the shop opens', () => {
    expect(menuGate({ ...base, period: { allowOrders: false, openInMinutes: 20, openAt: '12:00' } })).toEqual({
      gate: 'closed', text: 'Wir öffnen in 20 Minuten.',
    });
  });

  it('closed in a franchise: another open shop → chooser; all closed → their text', () => {
    expect(menuGate({ ...base, period: closed, franchise: { shops: [shop(false), shop(true)] } })).toEqual({ gate: 'franchise', reason: 'closed' });
    expect(menuGate({ ...base, period: closed, franchise: { shops: [shop(false)] } })).toEqual({
      gate: 'closed', text: ALL_FRANCHISE_SHOPS_CLOSED,
    });
  });

  it('"show nevertheless" passes the closed gate but not the age gate', () => {
    expect(menuGate({ ...base, period: closed, showNevertheless: true, requiredAge: 16 })).toEqual({ gate: 'age', age: 16 });
  });

  it('age: asked until confirmed', () => {
    expect(menuGate({ ...base, requiredAge: 18 })).toEqual({ gate: 'age', age: 18 });
    expect(menuGate({ ...base, requiredAge: 18, ageConfirmed: (a) => a === 18 })).toEqual({ gate: 'open' });
  });

  it('editing a cart line skips franchise and closed, never age', () => {
    const editing = { ...base, editing: true, franchiseOverview: true, period: closed };
    expect(menuGate(editing)).toEqual({ gate: 'open' });
    expect(menuGate({ ...editing, requiredAge: 16 })).toEqual({ gate: 'age', age: 16 });
  });
});
