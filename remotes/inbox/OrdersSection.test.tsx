/** @jest-environment ./tests/jest/jsdom-env.cjs */
// 'Annehmen' and 'Ablehnen' when the call fails: the German message is shown in the dialog (the
// section's own message would sit behind the modal), the dialog and the choice stay; a new choice
// clears a stale 'bad minutes' message.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { StaffApiError, type StaffApi, type StaffOrder } from './api';
import { OrdersSection } from './OrdersSection';
import type { SectionProps } from './sectionProps';
import type { LiveOrders } from './useLiveOrders';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open'); };
});
afterEach(cleanup);

const ORDER = {
  id: 'o-1', number: 42, numberText: 'Nr. 42', tab: 'new', status: 'received', statusText: 'Eingegangen', type: 'pickup', typeText: 'Abholung',
  createdAt: '2026-11-24T11:00:00.000Z', createdTime: '12:00', serveAt: null, plannedUntil: null, acknowledged: true, accepted: false,
  readyTime: null, refused: false, refuseReason: null, refundText: null, refundStatus: null, refundRetryText: null, refusedBy: null,
  customer: { name: 'Erika Muster', phone: '0341 1234567', company: '', street: '', streetNumber: '', zip: '', city: '', floor: '', messageDriver: '', messageCook: '' },
  lines: [{ name: 'Panna cotta', amount: 1, total: 4.5, extras: [], without: [], allergens: [] }],
  paid: true, paymentText: 'Bezahlt', total: 4.5, totalCents: 450,
} satisfies StaffOrder;

const OFFLINE = 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.';

function setup() {
  const failing = () => Promise.reject(new StaffApiError(0, OFFLINE));
  const api = { accept: jest.fn(failing), refuse: jest.fn(failing) } as unknown as StaffApi;
  const live: LiveOrders = { orders: new Map([[ORDER.id, ORDER]]), online: true, ringing: false, put: jest.fn(), shop: null, putShop: jest.fn() };
  render(<OrdersSection {...({ api, live } as unknown as SectionProps)} />);
  return api;
}

describe('a failed accept or refuse is told in the dialog', () => {
  it("'Annehmen' offline: the message in the dialog, which stays open with the chosen time", async () => {
    const api = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('45 Min.'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    });
    expect(api.accept).toHaveBeenCalledWith('o-1', 45);
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(OFFLINE);
    expect((within(screen.getByRole('dialog')).getByLabelText('45 Min.') as HTMLInputElement).checked).toBe(true);
  });

  it("'Ablehnen' offline: the message in the dialog, the own reason kept", async () => {
    const api = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Eigener Grund' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Eigener Grund' }), { target: { value: 'Ofen kaputt' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    });
    expect(api.refuse).toHaveBeenCalledWith('o-1', 'Ofen kaputt');
    expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(OFFLINE);
    expect((within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Eigener Grund' }) as HTMLInputElement).value).toBe('Ofen kaputt');
  });

  it('a preset chosen after a bad own number clears the stale message', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Andere Minutenzahl'));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Minuten' }), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Bitte eine ganze Zahl von 1 bis 240 Minuten eingeben.');
    fireEvent.click(within(dialog).getByLabelText('30 Min.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('another tablet decided the order while this one’s dialog was open', () => {
  const ACCEPTED = { ...ORDER, accepted: true, tab: 'active', status: 'accepted', statusText: 'Angenommen', readyTime: '12:30' } satisfies StaffOrder;
  const liveOf = (o: StaffOrder): LiveOrders => ({ orders: new Map([[o.id, o]]), online: true, ringing: false, put: jest.fn(), shop: null, putShop: jest.fn() });

  it('the live stream brings the news: the dialog closes, the message says what happened and where the card is, and has the focus', () => {
    const api = { accept: jest.fn() } as unknown as StaffApi;
    const { rerender } = render(<OrdersSection {...({ api, live: liveOf(ORDER) } as unknown as SectionProps)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => rerender(<OrdersSection {...({ api, live: liveOf(ACCEPTED) } as unknown as SectionProps)} />));
    expect(screen.queryByRole('dialog')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Nr. 42 wurde schon auf einem anderen Gerät angenommen – sie steht jetzt unter „In Arbeit“.');
    expect(document.activeElement).toBe(alert);
    expect(api.accept).not.toHaveBeenCalled();
  });

  it("the server says so first (409 'already_decided'): the dialog closes instead of waiting for 'Abbrechen'; the message is told, and names the tab once the stream has the card", async () => {
    const api = { refuse: jest.fn(() => Promise.reject(new StaffApiError(409, 'Diese Bestellung wurde schon angenommen oder abgelehnt.', 'already_decided'))) } as unknown as StaffApi;
    const { rerender } = render(<OrdersSection {...({ api, live: liveOf(ORDER) } as unknown as SectionProps)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ablehnen' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ablehnen' }));
    });
    expect(api.refuse).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Diese Bestellung wurde schon angenommen oder abgelehnt.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    act(() => rerender(<OrdersSection {...({ api, live: liveOf(ACCEPTED) } as unknown as SectionProps)} />));
    expect(screen.getByRole('alert').textContent).toBe('Nr. 42 wurde schon auf einem anderen Gerät angenommen – sie steht jetzt unter „In Arbeit“.');
  });

  it('this tablet’s own accept, told by the stream before the answer: no such message', async () => {
    let answer!: (v: { order: StaffOrder }) => void;
    const api = { accept: jest.fn(() => new Promise((r) => (answer = r))) } as unknown as StaffApi;
    const live = liveOf(ORDER);
    const { rerender } = render(<OrdersSection {...({ api, live } as unknown as SectionProps)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Annehmen' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annehmen' }));
    act(() => rerender(<OrdersSection {...({ api, live: { ...liveOf(ACCEPTED), put: live.put } } as unknown as SectionProps)} />));
    await act(async () => answer({ order: ACCEPTED }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(live.put).toHaveBeenCalledWith(ACCEPTED);
  });
});
