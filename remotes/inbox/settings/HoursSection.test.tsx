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
