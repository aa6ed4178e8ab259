/** @jest-environment ./tests/jest/jsdom-env.cjs */
// 'Gutscheine' against a fake staff API: the shared coupon check's German message at the field
// (end before start, percent above 100), nothing sent while wrong, then the coupon as written out here.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Coupons } from './Coupons';

function fakeApi() {
  const puts: unknown[] = [];
  let coupons: Record<string, unknown>[] = [{ code: 'WILLKOMMEN10', type: 'percent', value: 10, minimumOrderValue: 0, validFrom: null, validUntil: null, maxUses: null, uses: 4, reserved: false }];
  globalThis.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      coupons = [...coupons, { ...body, uses: 0, reserved: false }];
      return Response.json({ coupon: body });
    }
    return Response.json({ coupons });
  }) as unknown as typeof fetch;
  return { puts };
}

const messageOf = (el: HTMLElement) => {
  expect(el.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0])!.textContent;
};

afterEach(() => cleanup());

describe('Gutscheine', () => {
  it('lists the coupons; a period ending before it starts and 120 % are refused at their fields; then the coupon is sent', async () => {
    const api = fakeApi();
    render(<Coupons shopId="demo" />);
    const list = await screen.findByRole('list', { name: 'Gutscheine' });
    expect(list.textContent).toContain('WILLKOMMEN10 – 10 %, 4× eingelöst');
    fireEvent.click(screen.getByRole('button', { name: 'Neuer Gutschein' }));
    const form = screen.getByRole('form', { name: 'Gutschein' });
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'sommer25' } });
    fireEvent.change(within(form).getByLabelText('Rabatt in Prozent'), { target: { value: '120' } });
    fireEvent.change(within(form).getByLabelText('Gültig ab (optional)'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(form).getByLabelText('Gültig bis einschließlich (optional)'), { target: { value: '2026-12-01' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Gutschein speichern' })));
    expect(api.puts).toEqual([]);
    expect(messageOf(within(form).getByLabelText('Rabatt in Prozent'))).toBe('Höchstens 100 Prozent.');
    expect(messageOf(within(form).getByLabelText('Gültig bis einschließlich (optional)'))).toBe('Das Ende darf nicht vor dem Beginn liegen.');
    fireEvent.change(within(form).getByLabelText('Rabatt in Prozent'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Gültig bis einschließlich (optional)'), { target: { value: '2026-12-31' } });
    fireEvent.change(within(form).getByLabelText('Höchstens einlösbar (leer = unbegrenzt)'), { target: { value: '0' } });
    const uses = within(form).getByLabelText('Höchstens einlösbar (leer = unbegrenzt)');
    expect(messageOf(uses)).toBe('Bitte eine ganze Zahl ab 1 eingeben.');
    // emptied: unlimited, no message; the hint describes the field
    fireEvent.change(uses, { target: { value: '' } });
    expect(uses.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById(uses.getAttribute('aria-describedby')!)!.textContent).toBe('1 = nur einmal einlösbar.');
    fireEvent.change(uses, { target: { value: '12345678' } });
    expect(messageOf(uses)).toBe('Bitte eine ganze Zahl ab 1 eingeben.');
    fireEvent.change(within(form).getByLabelText('Höchstens einlösbar (leer = unbegrenzt)'), { target: { value: '50' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Gutschein speichern' })));
    expect(api.puts).toEqual([{ code: 'SOMMER25', type: 'percent', value: 25, minimumOrderValue: 0, validFrom: '2026-12-24', validUntil: '2026-12-31', maxUses: 50 }]);
    expect(await screen.findByText('Gutschein SOMMER25 ist gespeichert und gilt ab sofort.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Gutscheine' }).textContent).toContain('SOMMER25 – 25 %, 24.12.2026 bis 31.12.2026, 0 von 50 eingelöst');
  });
});
