/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@shared/api';
import { bootstrapFixture } from '@shared/api/testing';
import type { Bootstrap, FranchiseShop, GeoResult } from '@shared/domain';
import { $bootstrap, $cart, $cartProblems, $cartSwitchedFrom, $deliveryTypePreSelection, $deliveryZone, $franchiseRequest, $shopId, requestFranchiseDialog } from '@shared/stores';
import { resetShop } from '@shared/stores/shop';
import { loadCartEngine } from '@shared/stores/order';
import type { WidgetHost } from '@shared/widget';
import { encodeHandOver } from '@shared/checkout';
import { AddressWidget } from './AddressWidget';
import { $address, closeInfoDialog, consumeHandOver } from './state';

jest.mock('./FranchiseMap', () => ({ FranchiseMap: () => null }));
// the reverse geolocation call is replaced per test (ES module exports cannot be spied on under Jest)
const reverseGeolocation = jest.fn<typeof import('@shared/checkout').reverseGeolocation>();
jest.mock('@shared/checkout', () => ({ ...jest.requireActual<typeof import('@shared/checkout')>('@shared/checkout'), reverseGeolocation: (...a: Parameters<typeof import('@shared/checkout').reverseGeolocation>) => reverseGeolocation(...a) }));
import { addressKey, franchiseTarget, loadAddress, submitAddress, type Lookup } from './flow';

// The cart's pricing is loaded on first use (shared/stores/order.ts); here it is there from the start.
beforeAll(async () => {
  await loadCartEngine();
});

const IN_RANGE: GeoResult = {
  deliveryFee: 150, minimumOrderValue: 1200, freeAfter: 3000, distance: 1.2,
  addr: { street: 'Augustusplatz', streetNumber: '1', zip: '04109', city: 'Leipzig' },
};
const OUT_OF_RANGE: GeoResult = { deliveryFee: 0, freeAfter: 0, distance: 8, addr: { street: 'Miltitzer Allee', streetNumber: '5', zip: '04205', city: 'Leipzig' } };

function host(inShell = true): WidgetHost {
  return { shopId: 'demo', shopUrl: 'https://shop.example', inShell, navigate: jest.fn() };
}

function setBoot(patch?: (b: Bootstrap) => void) {
  const b = bootstrapFixture();
  patch?.(b);
  $shopId.set(b.config.id);
  $bootstrap.set({ status: 'ready', data: b, error: null });
}

function field() {
  return screen.getByLabelText('Dein Standort') as HTMLInputElement;
}

async function submit(value: string) {
  fireEvent.change(field(), { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  closeInfoDialog();
  $address.set(null);
  resetShop();
  $deliveryZone.set(null);
  $deliveryTypePreSelection.set('delivery');
  $franchiseRequest.set(null);
  setBoot();
});
afterEach(() => {
  cleanup();
  $deliveryTypePreSelection.set(null);
  $franchiseRequest.set(null);
  $deliveryZone.set(null);
});

describe('submitAddress', () => {
  it('validates before any lookup and maps the answers', async () => {
    const lookup = jest.fn<Lookup>(async () => IN_RANGE);
    expect(await submitAddress('  ', 'delivery', lookup)).toEqual({ ok: false, code: 'empty' });
    expect(await submitAddress('04109', 'delivery', lookup)).toEqual({ ok: false, code: 'zipInsteadOfAddressEntered' });
    expect(lookup).not.toHaveBeenCalled();
    expect(await submitAddress('Augustusplatz 1, 04109 Leipzig', 'delivery', lookup)).toMatchObject({
      ok: true, address: { zone: { fee: 150, minimumOrderValue: 1200, freeAfter: 3000 } },
    });
    expect(await submitAddress('x 5', 'delivery', async () => OUT_OF_RANGE)).toEqual({ ok: false, code: 'notInRange' });
  });

  it('takes the error code of the lookup; pickup ignores errors', async () => {
    const failing = (code: string): Lookup => async () => {
      throw new ApiError(code, code, { status: 400 });
    };
    expect(await submitAddress('Augustusplatz, Leipzig', 'delivery', failing('MissingStreetNumber'))).toEqual({ ok: false, code: 'MissingStreetNumber' });
    expect(await submitAddress('Augustusplatz 1', 'delivery', failing('Incomplete'))).toEqual({ ok: false, code: 'Incomplete' });
    expect(await submitAddress('Nowhere 1', 'delivery', failing('notFound'))).toEqual({ ok: false, code: 'notFound' });
    expect(await submitAddress('Nowhere 1', 'delivery', failing('network'))).toEqual({ ok: false, code: 'notFound' });
    expect(await submitAddress('Nowhere 1', 'pickup', failing('notFound'))).toMatchObject({ ok: true, address: { zone: null } });
    expect(await submitAddress('', 'pickup', failing('notFound'))).toMatchObject({ ok: true });
  });
});

describe('address widget', () => {
  it('keeps the toggle; unsupported types are disabled and marked', () => {
    setBoot((b) => {
      b.config.flags.supportPickup = false;
    });
    render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} />);
    // inline and in the auto-opened dialog
    const pickups = screen.getAllByRole('button', { name: 'Abholung nicht möglich', hidden: true });
    expect(pickups).toHaveLength(2);
    for (const p of pickups) expect(p).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('dialog', { name: 'BESTELLOPTIONEN' })).getByRole('button', { name: 'Lieferung' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Straße, Hausnummer, PLZ Ort')).toBeTruthy();
  });

  it("a guest who opens a group's invitation link (?gruppe=) gets no automatic BESTELLOPTIONEN prompt", () => {
    history.replaceState(null, '', '/?gruppe=abcdefghjkmn');
    try {
      render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} />);
      expect(screen.queryByRole('dialog', { name: 'BESTELLOPTIONEN' })).toBeNull();
      // the inline choice stays: the guest can set an address when they want
      expect(screen.getByRole('group', { name: 'Lieferung oder Abholung' })).toBeTruthy();
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('shows the validation messages under the field and clears them on input', async () => {
    const lookup = jest.fn<Lookup>(async () => IN_RANGE);
    render(<AddressWidget host={host()} options={{}} lookup={lookup} />);
    await submit('');
    expect(screen.getByRole('alert').textContent).toBe('Bitte gib eine Adresse ein.');
    fireEvent.keyUp(field(), { key: 'Enter' });
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.keyUp(field(), { key: 'a' });
    expect(screen.queryByRole('alert')).toBeNull();
    await submit('04109');
    expect(screen.getByRole('alert').textContent).toBe('Bitte gib eine vollständige Adresse ein. Eine Postleitzahl ist nicht ausreichend.');
    fireEvent.focus(field());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
    expect($deliveryZone.get()).toBeNull();
  });

  it('sets the delivery zone, shows the normalised address and remembers it per shop', async () => {
    const lookup = jest.fn<Lookup>(async () => IN_RANGE);
    render(<AddressWidget host={host()} options={{}} lookup={lookup} />);
    await submit('augustusplatz 1 leipzig');
    expect(lookup).toHaveBeenCalledWith('augustusplatz 1 leipzig');
    expect($deliveryZone.get()).toEqual({ fee: 150, minimumOrderValue: 1200, freeAfter: 3000 });
    expect(screen.getByText('Augustusplatz 1, 04109 Leipzig')).toBeTruthy();
    expect(screen.getByText('Mindestbestellwert 12,00 €')).toBeTruthy();
    expect(screen.getByText('Liefergebühr 1,50 €')).toBeTruthy();
    expect(screen.getByText('kostenfrei ab 30,00 €')).toBeTruthy();
    expect(loadAddress('demo')?.zone).toEqual({ fee: 150, minimumOrderValue: 1200, freeAfter: 3000 });

    // a reload restores the address and the zone
    cleanup();
    $deliveryZone.set(null);
    render(<AddressWidget host={host()} options={{}} lookup={lookup} />);
    expect(screen.getByText('Augustusplatz 1, 04109 Leipzig')).toBeTruthy();
    expect($deliveryZone.get()).toEqual({ fee: 150, minimumOrderValue: 1200, freeAfter: 3000 });

    // no second auto-open; 'Ändern' opens the dialog with the normalised address
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ändern' }));
    expect(field().value).toBe('Augustusplatz 1, 04109 Leipzig');
  });

  it('outside the delivery range: notInRange, no zone; API codes show their texts', async () => {
    let answer: () => Promise<GeoResult> = async () => OUT_OF_RANGE;
    render(<AddressWidget host={host()} options={{}} lookup={() => answer()} />);
    await submit('Miltitzer Allee 5, 04205 Leipzig');
    expect(screen.getByRole('alert').textContent).toBe('Diese Adresse befindet sich leider nicht im Liefergebiet.');
    expect($deliveryZone.get()).toBeNull();
    answer = async () => {
      throw new ApiError('MissingStreetNumber', 'x', { status: 400 });
    };
    await submit('Augustusplatz, 04109 Leipzig');
    expect(screen.getByRole('alert').textContent).toBe('Bitte gib auch eine Hausnummer an.');
    answer = async () => {
      throw new ApiError('notFound', 'x', { status: 404 });
    };
    await submit('Unter den Linden 1, 10117 Berlin');
    expect(screen.getByRole('alert').textContent).toBe('Zu dieser Adresse konnte keine Entfernung berechnet werden');
    expect(localStorage.getItem(addressKey('demo'))).toBeNull();
  });

  it('shows the loading state while looking up', async () => {
    let resolve: (g: GeoResult) => void = () => {};
    render(<AddressWidget host={host()} options={{}} lookup={() => new Promise((r) => (resolve = r))} />);
    fireEvent.change(field(), { target: { value: 'Augustusplatz 1, 04109 Leipzig' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /OK/ }).getAttribute('aria-busy')).toBe('true'));
    await act(async () => resolve(IN_RANGE));
    expect($deliveryZone.get()?.fee).toBe(150);
  });

  it('pickup needs no address and leaves the zone alone', async () => {
    $deliveryTypePreSelection.set('pickup');
    const lookup = jest.fn<Lookup>(async () => IN_RANGE);
    render(<AddressWidget host={host()} options={{}} lookup={lookup} />);
    expect(screen.queryByRole('dialog')).toBeNull(); // pickup: no auto-open
    fireEvent.click(screen.getByRole('button', { name: 'Adresse eingeben' }));
    expect(screen.getByText('Unser Standort')).toBeTruthy();
    await submit('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
    expect($deliveryZone.get()).toBeNull();
  });
});

describe('address widget, pickup then delivery', () => {
  it('a pickup address outside the zones brings the field back for delivery', async () => {
    $deliveryTypePreSelection.set('pickup');
    render(<AddressWidget host={host()} options={{}} lookup={async () => OUT_OF_RANGE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Adresse eingeben' }));
    await submit('Miltitzer Allee 5, 04205 Leipzig');
    expect(screen.getByText('Miltitzer Allee 5, 04205 Leipzig')).toBeTruthy();
    expect($deliveryZone.get()).toBeNull();
    act(() => $deliveryTypePreSelection.set('delivery'));
    fireEvent.click(screen.getByRole('button', { name: 'Adresse eingeben' }));
    expect(field().value).toBe('Miltitzer Allee 5, 04205 Leipzig');
  });
});

describe('franchise chooser', () => {
  const shop = (id: string, more: Partial<FranchiseShop> = {}): FranchiseShop => ({
    id, slug: `slug-${id}`, name: `Filiale ${id}`, address: `Straße ${id}, 04109 Leipzig`, latitude: 51, longitude: 12, distance: 0,
    acceptOrders: true, allowPickup: true, allowDelivery: true, insideOpenHours: true,
    acceptOrdersToday: [{ from: '11:00', to: '14:00' }, { from: '17:00', to: '22:00' }], ...more,
  });
  function franchiseBoot() {
    setBoot((b) => {
      b.config.franchiseId = 'fr';
      b.config.slug = 'slug-demo';
      b.franchise = {
        id: 'fr', slug: 'fr', name: 'Franchise',
        shops: [
          shop('nord', { distance: 2.5, insideOpenHours: false, acceptOrders: false }),
          shop('sued', { distance: 0 }),
        ],
      };
    });
  }

  it('lists the shops and switches to the chosen one with the dish link', async () => {
    franchiseBoot();
    $cart.set([]);
    const assign = jest.fn();
    render(<AddressWidget host={host(true)} options={{ 'auto-open': 'false' }} lookup={jest.fn<Lookup>()} assign={assign} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => requestFranchiseDialog({ kind: 'dish', id: 'pizza-margherita' }, 'demo'));
    const dialog = await screen.findByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    expect(dialog.textContent).toContain('2,5 km entfernt');
    expect(dialog.textContent).toContain('geschlossen.');
    expect(dialog.textContent).toContain('Heute: 11:00 - 14:00 und 17:00 - 22:00');
    expect(dialog.textContent).toContain('geöffnet 11:00 - 14:00 und 17:00 - 22:00');
    // suggested: the first shop that accepts orders
    expect((screen.getByRole('radio', { name: /Filiale sued/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Filiale nord/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    const url = assign.mock.calls[0][0] as string;
    expect(url.startsWith(`${location.origin}/f=slug-nord?gericht=pizza-margherita#franchise`)).toBe(true);
    // no 'Zurück' when the list was opened directly
    expect(within(dialog).queryByRole('button', { name: 'Zurück' })).toBeNull();
  });

  it('two address widgets on a page show one chooser', async () => {
    franchiseBoot();
    render(
      <>
        <AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={jest.fn()} />
        <AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={jest.fn()} />
      </>,
    );
    act(() => requestFranchiseDialog(null, 'demo'));
    await screen.findByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('ABBRECHEN clears the request', async () => {
    franchiseBoot();
    render(<AddressWidget host={host(true)} options={{ 'auto-open': 'false' }} lookup={jest.fn<Lookup>()} assign={jest.fn()} />);
    act(() => requestFranchiseDialog(null, 'demo'));
    await screen.findByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    fireEvent.click(screen.getByRole('button', { name: 'ABBRECHEN' }));
    expect($franchiseRequest.get()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('builds the target on a foreign page from the shop URL', () => {
    expect(franchiseTarget({ id: 'b', slug: 'burgerwerk-sued' }, { kind: 'dish', id: 'd1' }, { inShell: false, origin: 'https://host.example', shopUrl: 'https://shop.example/f=burgerwerk-nord' }))
      .toBe('https://shop.example/f=burgerwerk-sued?gericht=d1');
    expect(franchiseTarget({ id: 'b', slug: 'x' }, { kind: 'menu', id: 'm1' }, { inShell: false, origin: '', shopUrl: 'https://shop.example/' }))
      .toBe('https://shop.example/f=x');
  });
});

describe('info dialog details', () => {
  it('geolocation: granted fills the field, refused gives a German message and the button stays usable', async () => {
    const ok = { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: 51.34, longitude: 12.38, accuracy: 20 } } as GeolocationPosition) };
    reverseGeolocation.mockResolvedValue({ streetName: 'Augustusplatz', streetNumber: '1', postalCode: '04109', locality: 'Leipzig' });
    render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} geolocation={ok as unknown as Geolocation} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' })));
    await waitFor(() => expect(field().value).toBe('Augustusplatz 1, 04109 Leipzig'));
    reverseGeolocation.mockReset();
    cleanup();
    sessionStorage.clear();
    const denied = { getCurrentPosition: (_s: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) };
    render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} geolocation={denied as unknown as Geolocation} />);
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    expect(screen.getByRole('alert').textContent).toContain('Du hast den Zugriff auf Deinen Standort nicht erlaubt');
    expect(screen.getByRole('button', { name: 'Meinen Standort verwenden' })).toHaveProperty('disabled', false);
  });

  it('no geolocation in the browser: no button', () => {
    render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} geolocation={null} />);
    expect(screen.queryByRole('button', { name: 'Meinen Standort verwenden' })).toBeNull();
  });

  it('a hostile #franchise hash is ignored and loses nothing; a valid one sets type, address and cart', () => {
    const line = { kind: 'dish', lineId: 'l1', dishId: 'pizza-margherita', sizeId: null, memberName: null, amount: 1, price: 0, priceNonDiscounted: 0, promotion: null, without: [], tags: [], slotId: null, extras: [] };
    localStorage.setItem('tischlein:cart:demo', JSON.stringify([line]));
    const loc = (hash: string) => ({ hash, pathname: '/', search: '' });
    expect(consumeHandOver('demo', loc('#franchise!!garbage'))).toBe(false);
    expect(consumeHandOver('demo', loc('#franchise' + btoa('{"cart":"x"}')))).toBe(false);
    expect(JSON.parse(localStorage.getItem('tischlein:cart:demo')!)).toHaveLength(1);
    const hash = encodeHandOver({
      deliveryType: 'pickup', locationString: 'Augustusplatz 1, 04109 Leipzig', selectedDish: null, serveAt: '18:30',
      cart: [{ ...line, dishId: 'd1', sizeId: 's1' }, { ...line, lineId: 'l2', amount: 2 }], geo: { addr: IN_RANGE.addr, deliveryFee: 150, minimumOrderValue: 1200, freeAfter: 3000 },
    });
    expect(consumeHandOver('demo', loc(hash))).toBe(true);
    expect($deliveryTypePreSelection.get()).toBe('pickup');
    expect($deliveryZone.get()).toEqual({ fee: 150, minimumOrderValue: 1200, freeAfter: 3000 });
    // restored through the engine: this shop has d1, not pizza-margherita → 'Warenkorb Probleme'
    expect($cart.get().map((l) => l.kind === 'dish' && l.dishId)).toEqual(['d1']);
    expect($cartProblems.get().length).toBe(1);
    expect($cartSwitchedFrom.get()).toBe('franchise');
  });

  it('currentlyUnavailable: the zone, the fee, kostenfrei ab and the opening-hours link', async () => {
    setBoot((b) => {
      b.deliveryPeriod = { ...b.deliveryPeriod, allowASAP: { delivery: false, pickup: false }, enablePreOrder: false };
    });
    const { $deliveryPeriod } = await import('@shared/stores');
    $deliveryPeriod.set($bootstrap.get().data!.deliveryPeriod);
    const h = host();
    render(<AddressWidget host={h} options={{}} lookup={async () => IN_RANGE} />);
    await submit('Augustusplatz 1, 04109 Leipzig');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Wir liefern an deine Adresse, aber Lieferungen sind aktuell nicht verfügbar.');
    expect(alert.textContent).toContain('Mindestbestellwert 12,00\u00a0€');
    expect(alert.textContent).toContain('Liefergebühr 1,50\u00a0€');
    expect(alert.textContent).toContain('kostenfrei ab 30,00\u00a0€');
    fireEvent.click(within(alert).getByRole('link', { name: 'Zu den Öffnungszeiten' }));
    expect(h.navigate).toHaveBeenCalledWith('/oeffnungszeiten');
    $deliveryPeriod.set(null);
  });
});

describe('the example in the address field', () => {
  it("comes from the shop's own address: a shop in Dresden does not suggest a street in Leipzig", () => {
    setBoot((b) => {
      b.config.restaurantStreet = 'Schloßstraße 2';
      b.config.restaurantZip = '01067';
      b.config.restaurantCity = 'Dresden';
    });
    render(<AddressWidget host={host()} options={{}} lookup={jest.fn<Lookup>()} />);
    expect(field().placeholder).toBe('Schloßstraße 2, 01067 Dresden');
  });
});
