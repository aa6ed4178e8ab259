/** @jest-environment ./tests/jest/jsdom-env.cjs */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@shared/api';
import { bootstrapFixture } from '@shared/api/testing';
import type { Bootstrap, FranchiseShop, GeoResult } from '@shared/domain';
import {
  $bootstrap, $cart, $deliveryTypePreSelection, $deliveryZone, $franchiseRequest, $shopId, requestFranchiseDialog, resetShop,
} from '@shared/stores';
import type { WidgetHost } from '@shared/widget';
import { AddressWidget } from './AddressWidget';
import { addressKey, franchiseTarget, loadAddress, submitAddress, type Lookup } from './flow';

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
    const pickup = screen.getByRole('button', { name: 'Abholung nicht möglich' });
    expect(pickup).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Lieferung' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Straße, Hausnummer, PLZ Ort')).toBeTruthy();
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

    // 'Ändern' brings the field back with the normalised address
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
    await submit('Miltitzer Allee 5, 04205 Leipzig');
    expect(screen.getByText('Miltitzer Allee 5, 04205 Leipzig')).toBeTruthy();
    expect($deliveryZone.get()).toBeNull();
    act(() => $deliveryTypePreSelection.set('delivery'));
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

  it('lists the shops and switches to the chosen one with the dish link', () => {
    franchiseBoot();
    $cart.set([]);
    const assign = jest.fn();
    render(<AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={assign} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => requestFranchiseDialog({ kind: 'dish', id: 'pizza-margherita' }, 'demo'));
    const dialog = screen.getByRole('dialog', { name: 'WÄHLE DEINE FILIALE' });
    expect(dialog.textContent).toContain('2,5 km entfernt');
    expect(dialog.textContent).toContain('geschlossen.');
    expect(dialog.textContent).toContain('Heute: 11:00 - 14:00 und 17:00 - 22:00');
    expect(dialog.textContent).toContain('geöffnet 11:00 - 14:00 und 17:00 - 22:00');
    // suggested: the first shop that accepts orders
    expect((screen.getByRole('radio', { name: /Filiale sued/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Filiale nord/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(assign).toHaveBeenCalledWith(`${location.origin}/f=slug-nord?gericht=pizza-margherita`);
  });

  it('two address widgets on a page show one chooser', () => {
    franchiseBoot();
    render(
      <>
        <AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={jest.fn()} />
        <AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={jest.fn()} />
      </>,
    );
    act(() => requestFranchiseDialog(null, 'demo'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('ABBRECHEN clears the request', () => {
    franchiseBoot();
    render(<AddressWidget host={host(true)} options={{}} lookup={jest.fn<Lookup>()} assign={jest.fn()} />);
    act(() => requestFranchiseDialog(null, 'demo'));
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
