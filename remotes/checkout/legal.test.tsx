/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The lawful order form (§312j(3) BGB, §312g(2) Nr. 2 BGB, BFSG): one button text for every
// payment method, the order summary directly above it, the withdrawal note and the legal links
// beside it.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { bootstrapFixture } from '@shared/api/testing';
import { catalogWith, dishLine } from '@shared/pricing/fixtures';
import { $bootstrap, $cart, $deliveryZone, $orderTotals, $shopId, setDeliveryType } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { setCartRestorer } from '@shared/stores/cart';
import { loadCartEngine } from '@shared/stores/order';
import { CheckoutForm } from './CheckoutForm';

beforeAll(async () => {
  await loadCartEngine();
});

const host = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: true, navigate: jest.fn() };
const PAGES = [
  { id: 'agb', name: 'AGB', title: 'Allgemeine Bestellbedingungen', body: ['…'] },
  { id: 'datenschutz', name: 'Datenschutz', title: 'Datenschutzerklärung', body: ['…'] },
];

function renderForm(pages = PAGES) {
  const b = $bootstrap.get();
  if (b.status !== 'ready' || !b.data) throw new Error('no bootstrap');
  render(
    <CheckoutForm host={host} config={{ ...b.data.config, pages }} catalog={b.data.catalog} order={$orderTotals.get()!} notice={null}
      onConfirmed={jest.fn()} pageUrl="https://shop.example/checkout" stripeKey={null} />,
  );
}

beforeEach(() => {
  localStorage.clear();
  resetShop();
  setCartRestorer(null);
  $shopId.set('demo');
  const b = bootstrapFixture();
  $bootstrap.set({ status: 'ready', data: { ...b, config: { ...b.config, paymentMethods: ['offline', 'Stripe_card', 'PayPal_Platform'] }, catalog: catalogWith({}) }, error: null });
  setDeliveryType('pickup');
  $cart.set([dishLine('d-salad', null, 1)]);
  $deliveryZone.set(null);
});
afterEach(cleanup);

describe('the order button', () => {
  it("reads 'ZAHLUNGSPFLICHTIG BESTELLEN' for cash and for an online method", () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Barzahlung' }));
    expect(screen.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'JETZT BESTELLEN' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Kreditkarte' }));
    expect(screen.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' })).toBeTruthy();
  });

  it('the simulated PayPal button says so too', () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'PayPal Checkout' }));
    expect(screen.getByRole('button', { name: 'Mit PayPal zahlungspflichtig bestellen' })).toBeTruthy();
  });

  it('directly above it: the summary with the lines and the total including VAT', () => {
    renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Barzahlung' }));
    const button = screen.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' });
    const summary = button.previousElementSibling as HTMLElement;
    expect(summary.getAttribute('aria-labelledby')).toBe('co-summary-title');
    expect(within(summary).getByText(/Salat Bowl/)).toBeTruthy();
    expect(within(summary).getByText('6,50 €', { selector: '.co-amount' })).toBeTruthy();
    expect(within(summary).getByTestId('checkout-total').textContent).toBe('6,50\u00a0€');
    expect(within(summary).getByText('inkl. MwSt.')).toBeTruthy();
  });

  it('beside it: the withdrawal note (it describes the button) and the terms, privacy and accessibility links', () => {
    renderForm();
    const button = screen.getByRole('button', { name: 'ZAHLUNGSPFLICHTIG BESTELLEN' });
    const note = screen.getByText('Für Speisen, die für Deine Bestellung zubereitet werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 2 BGB).');
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
    const nav = screen.getByRole('navigation', { name: 'Rechtliches' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Allgemeine Bestellbedingungen (öffnet in neuem Tab)', 'https://shop.example/static/agb'],
      ['Datenschutzerklärung (öffnet in neuem Tab)', 'https://shop.example/static/datenschutz'],
      ['Barrierefreiheit (öffnet in neuem Tab)', 'https://shop.example/barrierefreiheit'],
    ]);
    expect(button.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a shop without terms and privacy pages still links its accessibility statement', () => {
    renderForm([]);
    const nav = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://shop.example/barrierefreiheit']);
  });
});
