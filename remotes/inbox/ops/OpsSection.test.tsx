/** @jest-environment ./tests/jest/jsdom-env.cjs */
// 'Einstellungen (Inhaber)' in 'Betrieb': a wrong number of minutes gets the German message at the
// field (not the browser's own bubble, not at the top of the page out of sight), nothing is sent;
// a failed save tells why at the field and keeps what was typed.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { StaffApiError, type OpsView, type StaffApi } from '../api';
import type { SectionProps } from '../sectionProps';
import type { LiveOrders } from '../useLiveOrders';
import { OpsSection } from './OpsSection';

afterEach(cleanup);

const VIEW: OpsView = {
  live: { takingOrders: true, reason: null, pausedUntil: null, busyMinutes: 0, soldOut: [], notice: null },
  timeZone: 'Europe/Berlin',
  acceptPresets: [15, 30, 45, 60],
  busyMax: 60,
  settings: { answerMinutes: 8, deviceWatch: true },
  devices: 1,
  items: [],
};

async function setup(settings: () => Promise<OpsView>) {
  const api = { ops: jest.fn(async () => VIEW), settings: jest.fn(settings) } as unknown as StaffApi;
  const live = { orders: new Map(), online: true, ringing: false, put: jest.fn(), shop: null, putShop: jest.fn() } as LiveOrders;
  await act(async () => {
    render(<OpsSection {...({ api, live, user: { name: 'Inhaberin', email: 'i@example.de', role: 'owner' } } as unknown as SectionProps)} />);
  });
  const input = screen.getByRole('spinbutton', { name: 'Automatisch ablehnen nach (Minuten, 0 = aus)' }) as HTMLInputElement;
  return { api, input };
}

describe("'Automatisch ablehnen nach' is checked at the field", () => {
  it.each(['-3', '1', '61', '2,5', ''])('“%s” gets the German message at the field and is not sent', async (typed) => {
    const { api, input } = await setup(async () => VIEW);
    fireEvent.change(input, { target: { value: typed } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(api.settings).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Bitte 0 (aus) oder 2 bis 60 Minuten eingeben.');
    expect(document.activeElement).toBe(input);
  });

  it('a failed save: the message at the field, the typed minutes kept', async () => {
    const offline = 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.';
    const { api, input } = await setup(() => Promise.reject(new StaffApiError(0, offline)));
    fireEvent.change(input, { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    });
    expect(api.settings).toHaveBeenCalledWith({ answerMinutes: 12, deviceWatch: true });
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(offline);
    expect(input.value).toBe('12');
  });
});
