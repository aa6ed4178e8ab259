/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { bootstrapFixture, stubGlobal, unstubAllGlobals } from '@shared/api/testing';
import type { Catalog } from '@shared/domain';
import { catalogWith, dishLine, ex, menuLine, offer, testCatalog } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $cartProblems, $groupOthersSubtotal, $selectedFreeItems, $shopId, $orderTotals, $deliveryZone, addToCart, clearCoupon, dismissCartProblems, setLineAmount, updateCartLine } from '@shared/stores';
import { refundLine } from '@shared/checkout';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { stopCartAvailabilityCheck } from '@shared/stores/cartAvailability';
import type { WidgetProps } from '@shared/widget';
import CartPanel from './CartPanel';
import { CartRoot, cartVariant } from './CartRoot';

// The cart's pricing is loaded on first use (shared/stores/order.ts); here it is there from the start.
beforeAll(async () => {
  await loadCartEngine();
});

const catalog: Catalog = catalogWith({
  offers: [
    offer({ id: 'o-delivery', offerType: 'freeDelivery', title: 'Gratis Lieferung', description: 'In allen Gebieten', minimumOrderValue: 2000 }),
    offer({ id: 'o-10', offerType: 'cartDiscount', title: '10 % ab 30 €', value: 10, minimumOrderValue: 3000 }),
    offer({ id: 'o-free', offerType: 'freeItem', title: 'Gratis Cola', minimumOrderValue: 2500, freeItems: [{ dishId: 'd-cola', sizeId: null }] }),
  ],
});

function host(navigate = jest.fn()) {
  return { shopId: 'demo', shopUrl: 'https://shop.example', inShell: false, navigate };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetShop();
  setCartRestorer(null);
  $cart.set([]);
  dismissCartProblems();
  $selectedFreeItems.set([]);
  $deliveryZone.set({ fee: 250, minimumOrderValue: 1500, freeAfter: 0 });
  clearCoupon();
  $shopId.set('demo');
  const b = bootstrapFixture();
  $bootstrap.set({ status: 'ready', data: { ...b, catalog }, error: null });
});
afterEach(() => {
  cleanup();
  stopCartAvailabilityCheck();
  $deliveryZone.set(null);
  $groupOthersSubtotal.set(0);
});

describe('cart panel', () => {
  it('shows the totals of the cart, row by row', () => {
    addToCart(dishLine('d-margherita', 's-large', 2, [ex('g-extras', 'x-mozz', 2)], { without: ['i-basil'] }));
    addToCart(dishLine('d-cola', 's-05', 3));
    addToCart(menuLine());
    render(<CartPanel host={host()} />);
    const shown = [...document.querySelectorAll<HTMLElement>('[data-total]')].map((el) => [el.dataset.total, Number(el.dataset.cents)]);
    // by hand, from shared/pricing/fixtures.ts and the offers above:
    //   2× Pizza Margherita Groß 11,00 € + 2× Mozzarella at 1,50 €, one of them free = 12,50 € each → 25,00 €
    //   3× Cola 0,5 l at 2,50 € = 7,50 € (deposit 3 × 0,25 €)
    //   Mittagsmenü 12,00 € (its Cola: deposit 0,25 €)
    //   items 25,00 + 7,50 + 12,00 = 44,50 €; two-for-one: the second Margherita free −12,50 € → 32,00 €
    //   10 % from 30 €: −3,20 €; deposit 0,75 + 0,25 = 1,00 €; free delivery from 20 € (instead of 2,50 €)
    //   total 32,00 − 3,20 + 1,00 = 29,80 €; the free Cola (from 25 €) is not chosen, so no row
    expect(shown).toEqual([
      ['itemsNonDiscounted', 4450],
      ['twoForOne:p-2for1', -1250],
      ['subtotal', 3200],
      ['cartDiscount:o-10', -320],
      ['deposit', 100],
      ['deliveryFee', 0],
      ['grandTotal', 2980],
    ]);
    // line texts: size, 'ohne …', extras, deposit
    const first = document.querySelector('[data-line-id]') as HTMLElement;
    expect(first.textContent).toContain('Pizza Margherita');
    expect(first.textContent).toContain('Groß');
    expect(first.textContent).toContain('ohne Basilikum');
    expect(first.textContent).toMatch(/\+ 2× Mozzarella/);
    expect(document.body.textContent).toContain('zzgl. 0,75\u00a0€ Pfand');
    expect(document.body.textContent).toContain('Mittagsmenü');
  });

  it('changes amounts (never below 1), removes lines and edits through the menu request', () => {
    const line = addToCart(dishLine('d-fries', null, 1));
    const navigate = jest.fn();
    render(<CartPanel host={host(navigate)} />);
    const decrease = screen.getByRole('button', { name: 'Menge verringern' });
    expect(decrease).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Menge erhöhen' }));
    expect($cart.get()[0].amount).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pommes bearbeiten' }));
    expect(navigate).toHaveBeenCalledWith('/'); // no menu widget on this page
    fireEvent.click(screen.getByRole('button', { name: 'Pommes entfernen' }));
    expect($cart.get()).toEqual([]);
    expect(screen.getByText('Dein Warenkorb ist leer.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ZUR KASSE' }));
    expect(navigate).not.toHaveBeenCalledWith('/checkout');
    void line;
  });

  it('a waiter’s refund line cannot be edited nor its quantity changed, only removed', () => {
    const dish = addToCart(dishLine('d-fries', null, 1));
    // what the table widget puts into the cart: −5,90 € for a booked Pommes (shared/checkout refundLine)
    const refund = addToCart(refundLine({ dishId: 'd-fries', sizeId: null }, 5.9, 'refund:order123.0:n1'));
    render(<CartPanel host={host()} />);
    const line = within(document.querySelector<HTMLElement>(`[data-line-id="${refund.lineId}"]`)!);
    expect(line.getByRole('heading', { name: 'Storno: Pommes' })).toBeTruthy();
    expect(line.queryByRole('button', { name: /bearbeiten/ })).toBeNull();
    expect(line.getByRole('button', { name: 'Menge erhöhen' })).toHaveProperty('disabled', true);
    expect(line.getByRole('button', { name: 'Menge verringern' })).toHaveProperty('disabled', true);
    expect(line.getByRole('button', { name: 'Storno: Pommes entfernen' })).toBeTruthy();
    // the dish beside it keeps its editor and stepper
    const other = within(document.querySelector<HTMLElement>(`[data-line-id="${dish.lineId}"]`)!);
    expect(other.getByRole('button', { name: 'Pommes bearbeiten' })).toBeTruthy();
    expect(other.getByRole('button', { name: 'Menge erhöhen' })).toHaveProperty('disabled', false);
    // nor through the store (another widget, the dish editor's SPEICHERN)
    setLineAmount(refund.lineId, 2);
    updateCartLine(refund.lineId, { ...dishLine('d-fries', null, 1), price: 590, priceNonDiscounted: 590 });
    expect($cart.get().find((i) => i.lineId === refund.lineId)).toEqual(refund);
    expect(Number(document.querySelector(`[data-line-id="${refund.lineId}"]`)!.getAttribute('data-payable'))).toBe(-590);
    fireEvent.click(line.getByRole('button', { name: 'Storno: Pommes entfernen' }));
    expect($cart.get().map((i) => i.lineId)).toEqual([dish.lineId]);
  });

  it("in a group order the others' carts count toward the minimum: the owner's cart does not say 'Es fehlen noch'", () => {
    addToCart(dishLine('d-fries', null, 3)); // 9,00 €, the zone's minimum is 15,00 €
    act(() => $groupOthersSubtotal.set(2450)); // the other members: 24,50 € → the group 33,50 €
    render(<CartPanel host={host()} />);
    expect(screen.queryByText(/Es fehlen noch/)).toBeNull();
    expect($orderTotals.get()?.minimumOrder).toEqual({ status: 'reached', missing: 0, value: 1500 });
    // the own cart's totals stay the own cart's
    expect(Number(document.querySelector('[data-total="subtotal"]')!.getAttribute('data-cents'))).toBe(900);
    // still short as a group: 9,00 + 4,00 = 13,00 € → 2,00 € missing
    act(() => $groupOthersSubtotal.set(400));
    expect(screen.getByText('Mindestbestellwert 15,00 €: Es fehlen noch 2,00 €.')).toBeTruthy();
  });

  it('shows the free-delivery banner, the minimum order value and the free item choice', () => {
    const line = addToCart(dishLine('d-fries', null, 3)); // 900
    render(<CartPanel host={host()} />);
    expect(screen.getByText('Gratis Lieferung ab 20,00 €!*')).toBeTruthy();
    expect(screen.getByText('Mindestbestellwert 15,00 €: Es fehlen noch 6,00 €.')).toBeTruthy();
    act(() => $cart.set([{ ...line, amount: 4 }])); // 1200
    expect(screen.getByText('Noch 8,00 € bis zur kostenlosen Lieferung!*')).toBeTruthy();
    act(() => $cart.set([{ ...line, amount: 7 }])); // 2100
    expect(screen.getByText('Deine Lieferung ist kostenlos!*')).toBeTruthy();
    expect(screen.getByText('Nur noch 4,00 € bis: Gratis Cola!')).toBeTruthy();
    act(() => $cart.set([{ ...line, amount: 9 }])); // 2700
    const group = screen.getByRole('group', { name: 'Gratis Cola: Wähle Deinen Gratisartikel' });
    fireEvent.click(within(group).getByLabelText('Cola 1,0 l'));
    expect($orderTotals.get()?.freeItems.map((f) => f.sizeId)).toEqual(['s-1']);
    act(() => $cart.set([{ ...line, amount: 5 }]));
    expect($selectedFreeItems.get()).toEqual([]);
  });

  it('lists restore problems in Warenkorb Probleme', async () => {
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([dishLine('d-fries', null), dishLine('d-weg', null)]));
    render(<CartRoot host={host()} options={{ variant: 'button' }} />);
    act(() => {
      const b = bootstrapFixture();
      $bootstrap.set({ status: 'ready', data: { ...b, catalog: testCatalog }, error: null });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Warenkorb Probleme' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gericht d-weg nicht gefunden']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect($cartProblems.get()).toEqual([]);
    expect(document.querySelector('.cart-count')?.getAttribute('data-count')).toBe('1');
  });
});

describe('cart root', () => {
  it('is a button on foreign pages and the full cart in the shell unless data-variant says otherwise', () => {
    const p = (inShell: boolean, variant?: string): WidgetProps => ({ host: { ...host(), inShell }, options: variant ? { variant } : {} });
    expect(cartVariant(p(false))).toBe('button');
    expect(cartVariant(p(true))).toBe('full');
    expect(cartVariant(p(true, 'button'))).toBe('button');
    expect(cartVariant(p(false, 'full'))).toBe('full');
  });

  it('the button shows count and total and opens the cart dialog', async () => {
    addToCart(dishLine('d-fries', null, 2));
    render(<CartRoot host={host()} options={{ variant: 'button' }} />);
    const button = screen.getByRole('button', { name: 'Warenkorb, 2 Artikel, 8,50\u00a0€' });
    expect(button.querySelector('.cart-count')?.getAttribute('data-count')).toBe('2');
    act(() => addToCart(dishLine('d-beer', null)));
    expect(screen.getByRole('button', { name: /Warenkorb, 3 Artikel/ })).toBeTruthy();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Warenkorb' });
    expect(within(dialog).getByText('Pommes')).toBeTruthy();
  });

  describe('the full cart below md (1024 px)', () => {
    const listeners = new Set<() => void>();
    let wide = false;
    beforeEach(() => {
      wide = false;
      stubGlobal('matchMedia', (query: string) => ({
        get matches() {
          return query === '(min-width: 1024px)' ? wide : false;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }));
    });
    afterEach(() => {
      unstubAllGlobals();
      listeners.clear();
    });

    it('is a cart bar with title, count and total that opens the cart dialog; wide again, the full cart', async () => {
      addToCart(dishLine('d-fries', null, 2));
      const { container } = render(<CartRoot host={host()} options={{ variant: 'full' }} />);
      const bar = screen.getByRole('button', { name: /^Warenkorb ?2 Artikel, 8,50\u00a0€$/ });
      expect(bar.classList.contains('cart-bar')).toBe(true);
      expect(container.querySelector('.cart-full')).toBeNull();
      fireEvent.click(bar);
      const dialog = await screen.findByRole('dialog', { name: 'Warenkorb' });
      expect(within(dialog).getByText('Pommes')).toBeTruthy();
      act(() => {
        wide = true;
        listeners.forEach((l) => l());
      });
      expect(container.querySelector('.cart-bar')).toBeNull();
      expect(container.querySelector('.cart-full')).not.toBeNull();
    });

    it('the empty bar shows 0 and 0,00\u00a0€', () => {
      render(<CartRoot host={host()} options={{ variant: 'full' }} />);
      expect(screen.getByRole('button', { name: /^Warenkorb ?0 Artikel, 0,00\u00a0€$/ })).toBeTruthy();
    });
  });
});

describe('keyboard focus in the cart', () => {
  it('keeps the focus in the cart when a removed line or a disabled stepper button takes it away', () => {
    jest.useFakeTimers();
    try {
      addToCart(dishLine('d-fries', null, 2));
      addToCart(dishLine('d-beer', null));
      render(<CartPanel host={host()} />);
      const fries = within(document.querySelector('[data-line-id]') as HTMLElement);
      const decrease = fries.getByRole('button', { name: 'Menge verringern' });
      decrease.focus();
      fireEvent.click(decrease); // 2 → 1: '−' is disabled now
      act(() => jest.runAllTimers());
      expect(decrease).toHaveProperty('disabled', true);
      expect(document.activeElement).toBe(fries.getByRole('button', { name: 'Menge erhöhen' }));

      const remove = screen.getByRole('button', { name: 'Pommes entfernen' });
      remove.focus();
      fireEvent.click(remove);
      act(() => jest.runAllTimers());
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/ entfernen$/);
      fireEvent.click(document.activeElement as HTMLElement); // the last line
      act(() => jest.runAllTimers());
      expect(document.activeElement).toBe(screen.getByText('Dein Warenkorb ist leer.'));
    } finally {
      jest.useRealTimers();
    }
  });
});
