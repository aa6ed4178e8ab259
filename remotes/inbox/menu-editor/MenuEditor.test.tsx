/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The Speisekarte section against a fake staff API: typed prices, the German message at the field,
// nothing sent while a field is wrong, nothing lost on a refused save, publishing.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { fakeMenuApi, type FakeAnswers } from './fakeMenuApi';
import { MenuEditor } from './MenuEditor';

const catalog = (): Catalog => ({
  categories: [{ id: 'pizza', name: 'Pizza', description: null, imageName: null, dishes: ['margherita'] }],
  dishes: [
    {
      id: 'margherita', name: 'Margherita', number: '10', subtext: null, category: 'pizza', sizes: [], prices: [{ sizeId: null, price: 790, deposit: 0 }],
      isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [],
      extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null,
      description: null, twoForOnePromotionId: null,
    },
  ],
  ingredients: [], declarations: [], menus: [], discounts: [], twoForOnePromotions: [], offers: [],
});

const fakeApi = (answers?: FakeAnswers) => fakeMenuApi(catalog(), answers);

async function open() {
  render(<MenuEditor shopId="demo" />);
  await screen.findByRole('heading', { name: 'Kategorien' });
  fireEvent.click(screen.getByRole('button', { name: '10 Margherita' }));
  return screen.getByRole('form', { name: 'Gericht: Margherita' });
}

afterEach(() => cleanup());

describe('Speisekarte', () => {
  it('a malformed price gets its German message at the field; nothing is sent until it is corrected', async () => {
    const api = fakeApi();
    const form = await open();
    const price = within(form).getByLabelText('Preis');
    fireEvent.change(price, { target: { value: '8,5x' } });
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(price.getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(message.textContent).toBe('Bitte einen Betrag in Euro eingeben, z. B. 8,50.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' })));
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('alert').textContent).toContain('Bitte zuerst die markierten Felder korrigieren.');

    fireEvent.change(price, { target: { value: '8,50' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' })));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { catalog: Catalog }).catalog.dishes[0].prices[0].price).toBe(850);
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/publish'))).toBe(true);
    expect(await screen.findByText(/Veröffentlicht als Version 2\./)).toBeTruthy();
  });

  it('an empty name is refused by the shared checks before sending', async () => {
    const api = fakeApi();
    const form = await open();
    const name = within(form).getByLabelText('Name');
    fireEvent.change(name, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe('Bitte einen Namen eingeben.');
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('a save refused by another device (409) keeps every change on the page and offers to reload', async () => {
    fakeApi({ 'PUT /draft': () => ({ status: 409, json: { error: 'draft_conflict', message: 'Die Speisekarte wurde inzwischen auf einem anderen Gerät geändert.' } }) });
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Margherita Spezial' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(screen.getByRole('alert').textContent).toContain('auf einem anderen Gerät geändert');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Margherita Spezial');
    expect(screen.getByRole('button', { name: 'Neu laden (meine Änderungen verwerfen)' })).toBeTruthy();
    expect(screen.getByText('Nicht gespeicherte Änderungen')).toBeTruthy();
  });

  it('the server\'s field messages (422) show at their fields', async () => {
    fakeApi({ 'PUT /draft': () => ({ status: 422, json: { error: 'invalid_draft', message: 'Die Speisekarte hat noch Fehler.', problems: [{ path: 'dishes[0].number', message: 'Bitte ausfüllen.' }] } }) });
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Nummer'), { target: { value: '11' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    const number = within(form).getByLabelText('Nummer');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('Bitte ausfüllen.');
  });

  it('a file that is not a picture gets its message at the field, but the dish’s other changes still save (the picture stays as it was)', async () => {
    const api = fakeApi({ 'POST /images': () => ({ status: 422, json: { error: 'invalid_image', message: 'Die Datei ist kein lesbares Bild dieses Formats.' } }) });
    const form = await open();
    fireEvent.change(within(form).getByLabelText('Preis'), { target: { value: '8,90' } });
    const picture = within(form).getByLabelText('Bild');
    await act(async () => fireEvent.change(picture, { target: { files: [new File(['kein Bild'], 'bild.jpg', { type: 'image/jpeg' })] } }));
    expect(picture.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(picture.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe('Die Datei ist kein lesbares Bild dieses Formats.');
    // announced to a screen reader: the message comes after the upload's wait, not on a key press
    expect(within(form).getByRole('alert').textContent).toBe('Die Datei ist kein lesbares Bild dieses Formats.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(screen.queryByText(/Bitte zuerst die markierten Felder korrigieren/)).toBeNull();
    expect(api.puts().map((c) => [c.dishes[0].prices[0].price, c.dishes[0].imageName])).toEqual([[890, null]]);
  });

  it('each extra’s fields sit in a group named by the extra: a screen reader hears whose “Name” and “Preis” they are', async () => {
    fakeApi();
    const form = await open();
    fireEvent.click(within(form).getByRole('button', { name: 'Extra-Gruppe hinzufügen' }));
    for (const name of ['Salami', 'Rucola']) {
      fireEvent.click(within(form).getByRole('button', { name: 'Auswahl hinzufügen' }));
      const fresh = within(form).getByRole('group', { name: 'Auswahl: (ohne Namen)' });
      fireEvent.change(within(fresh).getByLabelText('Name'), { target: { value: name } });
    }
    const rucola = within(form).getByRole('group', { name: 'Auswahl: Rucola' });
    expect((within(rucola).getByLabelText('Name') as HTMLInputElement).value).toBe('Rucola');
    expect(within(rucola).getByLabelText('Preis')).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Auswahl: Salami' })).not.toBe(rucola);
  });

  it('renders one editor body however often the draft is edited and published', async () => {
    fakeApi();
    const form = await open();
    for (const value of ['8,50', '9,00', '9,50']) {
      fireEvent.change(within(form).getByLabelText('Preis'), { target: { value } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' })));
    }
    expect(document.querySelectorAll('.me-cols')).toHaveLength(1);
  });
});
