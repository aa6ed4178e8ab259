/** @jest-environment ./tests/jest/jsdom-env.cjs */
// 'Lieferzeiten' in 'Öffnungszeiten' against a fake staff API: 'Wie Öffnungszeiten' is sent as
// deliveryTimes null (they follow later changes of the opening times); 'Eigene Lieferzeiten' starts
// from the opening times and is sent as the list written out here.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { HoursSection as Hours } from '@shared/settings/hours';
import type { SectionProps } from '../sectionProps';
import { HoursSection } from './HoursSection';

const HOURS: Hours = {
  openingTimes: [{ dayIndex: 0, from: '11:30', to: '22:00' }],
  deliveryTimes: null,
  specialOpeningTimes: [],
  supportDelivery: true,
  supportPickup: true,
  deliveryZones: [],
};

function fakeApi(start: Hours) {
  const puts: Hours[] = [];
  globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Hours;
      puts.push(body);
      return Response.json({ hours: body });
    }
    return Response.json({ hours: start });
  }) as typeof fetch;
  return puts;
}

const props = { api: { base: '/api/staff/demo' } } as unknown as SectionProps;

afterEach(cleanup);

describe("'Lieferzeiten': wie Öffnungszeiten or own", () => {
  it("sends null for 'Wie Öffnungszeiten' (the default) and the own list after switching", async () => {
    const puts = fakeApi(HOURS);
    render(<HoursSection {...props} />);
    const delivery = within(await screen.findByRole('group', { name: 'Lieferzeiten' }));
    expect((delivery.getByRole('radio', { name: 'Wie Öffnungszeiten' }) as HTMLInputElement).checked).toBe(true);
    expect(delivery.queryByLabelText('Montag von')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(puts.at(-1)?.deliveryTimes).toBeNull();

    fireEvent.click(delivery.getByRole('radio', { name: 'Eigene Lieferzeiten' }));
    const to = delivery.getByLabelText('Montag bis') as HTMLInputElement;
    expect([(delivery.getByLabelText('Montag von') as HTMLInputElement).value, to.value]).toEqual(['11:30', '22:00']);
    fireEvent.change(to, { target: { value: '21:00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(puts.at(-1)?.deliveryTimes).toEqual([{ dayIndex: 0, from: '11:30', to: '21:00' }]);
    expect(puts.at(-1)?.openingTimes).toEqual([{ dayIndex: 0, from: '11:30', to: '22:00' }]);
  });

  it('a shop with own delivery times opens with them chosen', async () => {
    fakeApi({ ...HOURS, deliveryTimes: [{ dayIndex: 4, from: '17:00', to: '21:00' }] });
    render(<HoursSection {...props} />);
    const delivery = within(await screen.findByRole('group', { name: 'Lieferzeiten' }));
    expect((delivery.getByRole('radio', { name: 'Eigene Lieferzeiten' }) as HTMLInputElement).checked).toBe(true);
    expect((delivery.getByLabelText('Freitag von') as HTMLInputElement).value).toBe('17:00');
  });
});

describe("'Öffnungszeiten': the server's answer at the field and at the form's end", () => {
  const ZONE = { id: 'z1', name: 'Innenstadt', postalCodes: ['01067'], deliveryFee: 250, minimumOrderValue: 1500, freeAfter: 0 };

  function answer(status: number, json: unknown) {
    globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) =>
      init?.method === 'PUT' ? Response.json(json, { status }) : Response.json({ hours: { ...HOURS, deliveryZones: [ZONE] } }),
    ) as typeof fetch;
  }

  it("a refused field: the German message at it (aria-invalid, described by its hint and the message); then 'Gespeichert.'", async () => {
    answer(422, { error: 'invalid_hours', message: 'Bitte die markierten Felder prüfen.', fields: { 'deliveryZones.0.postalCodes': 'Bitte fünfstellige Postleitzahlen angeben.' } });
    render(<HoursSection {...props} />);
    const codes = (await screen.findByLabelText('Postleitzahlen')) as HTMLInputElement;
    expect(codes.value).toBe('01067');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(codes.getAttribute('aria-invalid')).toBe('true');
    const [hint, error] = codes.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect([hint, error]).toEqual(['Mit Komma getrennt, z. B. 01067, 01069.', 'Bitte fünfstellige Postleitzahlen angeben.']);
    expect(screen.getByRole('alert').textContent).toBe('Bitte fünfstellige Postleitzahlen angeben.');

    answer(200, { hours: { ...HOURS, deliveryZones: [ZONE] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(screen.getByRole('status').textContent).toBe('Gespeichert. Gäste sehen die neuen Zeiten sofort.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Postleitzahlen') as HTMLInputElement).hasAttribute('aria-invalid')).toBe(false);
  });

  it('a refusal without a field is said at the form’s end; no connection on opening is said in German', async () => {
    answer(409, { error: 'conflict', message: 'Jemand anderes hat die Zeiten gerade geändert. Bitte neu laden.' });
    render(<HoursSection {...props} />);
    await screen.findByLabelText('Postleitzahlen');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(screen.getByRole('alert').textContent).toBe('Jemand anderes hat die Zeiten gerade geändert. Bitte neu laden.');
    cleanup();

    globalThis.fetch = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    render(<HoursSection {...props} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.');
  });
});

describe('times as the owner types them', () => {
  it('“9:00”, “9”, “22.30” and “21 Uhr” are saved as 09:00, 09:00, 22:30 and 21:00; “11 bis” is refused at its field', async () => {
    const puts = fakeApi(HOURS);
    render(<HoursSection {...props} />);
    const from = (await screen.findAllByLabelText('Montag von'))[0] as HTMLInputElement;
    const to = screen.getAllByLabelText('Montag bis')[0] as HTMLInputElement;
    fireEvent.change(from, { target: { value: '9:00' } });
    fireEvent.change(to, { target: { value: '22.30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(puts.at(-1)?.openingTimes).toEqual([{ dayIndex: 0, from: '09:00', to: '22:30' }]);
    expect([from.value, to.value]).toEqual(['09:00', '22:30']);

    fireEvent.change(from, { target: { value: '9' } });
    fireEvent.change(to, { target: { value: '21 Uhr' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(puts.at(-1)?.openingTimes).toEqual([{ dayIndex: 0, from: '09:00', to: '21:00' }]);

    fireEvent.change(from, { target: { value: '11 bis' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(puts).toHaveLength(2);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.value).toBe('11 bis');
  });
});
