/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The Speisekarte's areas beyond the dishes against a fake staff API: tabs by keyboard, a discount
// with a schedule, a set menu's slot, a two-for-one promotion — German messages at the fields from
// the shared checks, nothing sent while wrong, the draft sent as written out here.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { fakeMenuApi } from '../fakeMenuApi';
import { MenuEditor } from '../MenuEditor';

const dish = (id: string, name: string, price: number) => ({
  id, name, number: null, subtext: null, category: 'pizza', sizes: [], prices: [{ sizeId: null, price, deposit: 0 }],
  isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [],
  extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null,
  description: null, twoForOnePromotionId: null,
});

const catalog = (): Catalog => ({
  categories: [{ id: 'pizza', name: 'Pizza', description: null, imageName: null, dishes: ['margherita', 'salami'] }],
  dishes: [dish('margherita', 'Margherita', 790), dish('salami', 'Salami', 890)],
  ingredients: [], declarations: [], menus: [], discounts: [], twoForOnePromotions: [], offers: [],
});

const fakeApi = () => fakeMenuApi(catalog());

async function open(tab: string) {
  render(<MenuEditor shopId="demo" />);
  await screen.findByRole('heading', { name: 'Kategorien' });
  fireEvent.click(screen.getByRole('tab', { name: tab }));
  return screen.getByRole('tabpanel');
}

const messageOf = (el: HTMLElement) => {
  expect(el.getAttribute('aria-invalid')).toBe('true');
  return el
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
    .join(' ');
};

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));

afterEach(() => cleanup());

describe('Speisekarte areas', () => {
  it('tabs: labelled, one in the tab order, arrow keys, Home and End move between them', async () => {
    fakeApi();
    render(<MenuEditor shopId="demo" />);
    await screen.findByRole('heading', { name: 'Kategorien' });
    const list = screen.getByRole('tablist', { name: 'Bereiche der Speisekarte' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Gerichte', 'Menüs', 'Rabatte', '2-für-1-Aktionen', 'Angebote', 'Beliebte Kombinationen', 'Gutscheine']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    fireEvent.keyDown(tabs[0], { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Menüs' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Menüs' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Gutscheine' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Gutscheine' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Gerichte' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('me-tab-dishes');
  });

  it('a discount with a schedule: a range of no length is refused at its end time, then the draft carries it as written', async () => {
    const api = fakeApi();
    const panel = await open('Rabatte');
    fireEvent.click(within(panel).getByRole('button', { name: 'Neuer Rabatt' }));
    fireEvent.change(within(panel).getByLabelText('Art des Rabatts'), { target: { value: 'euro' } });
    const amount = within(panel).getByLabelText('Betrag weniger');
    fireEvent.change(amount, { target: { value: '-2' } });
    expect(messageOf(amount)).toBe('Der Betrag darf nicht negativ sein.');
    fireEvent.change(amount, { target: { value: '1,50' } });
    fireEvent.click(within(within(panel).getByRole('group', { name: 'Kategorien' })).getByLabelText('Pizza'));
    fireEvent.click(within(panel).getByLabelText('Nur zu bestimmten Zeiten'));
    const days = within(panel).getByRole('group', { name: 'Wochentage' });
    fireEvent.click(within(days).getByLabelText('Samstag'));
    fireEvent.click(within(days).getByLabelText('Sonntag'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Uhrzeit hinzufügen' }));
    fireEvent.change(within(panel).getByLabelText('Von (1)'), { target: { value: '11:00' } });
    fireEvent.change(within(panel).getByLabelText('Bis (1)'), { target: { value: '11:00' } });
    await save();
    expect(api.puts()).toEqual([]);
    expect(messageOf(within(panel).getByLabelText('Bis (1)'))).toBe('Beginn und Ende dürfen nicht gleich sein (ein Ende vor dem Beginn gilt bis nach Mitternacht). z. B. 11:30');
    fireEvent.change(within(panel).getByLabelText('Bis (1)'), { target: { value: '14:00' } });
    await save();
    expect(api.puts()[0].discounts).toEqual([
      {
        id: 'rabatt', kind: 'euro', value: 150, channel: 'all',
        appliesTo: { categories: ['pizza'], dishesWithSizes: [], menus: [] },
        schedule: { weekdays: [0, 1, 2, 3, 4], times: [{ from: '11:00', to: '14:00' }] },
      },
    ]);
  });

  it('a discount and an offer alike: another kind drops the message about the amount typed for the old one', async () => {
    fakeApi();
    const discounts = await open('Rabatte');
    fireEvent.click(within(discounts).getByRole('button', { name: 'Neuer Rabatt' }));
    fireEvent.change(within(discounts).getByLabelText('Art des Rabatts'), { target: { value: 'euro' } });
    const off = within(discounts).getByLabelText('Betrag weniger');
    fireEvent.change(off, { target: { value: '-2' } });
    expect(messageOf(off)).toBe('Der Betrag darf nicht negativ sein.');
    fireEvent.change(within(discounts).getByLabelText('Art des Rabatts'), { target: { value: 'fixed' } });
    const fixed = within(discounts).getByLabelText('Neuer Preis');
    expect(fixed.getAttribute('aria-invalid')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Angebote' }));
    const offers = screen.getByRole('tabpanel');
    fireEvent.click(within(offers).getByRole('button', { name: 'Neues Angebot' }));
    fireEvent.change(within(offers).getByLabelText('Rabatt in'), { target: { value: 'value' } });
    const value = within(offers).getByLabelText('Rabattbetrag');
    fireEvent.change(value, { target: { value: '-2' } });
    expect(messageOf(value)).toBe('Der Betrag darf nicht negativ sein.');
    fireEvent.change(within(offers).getByLabelText('Rabatt in'), { target: { value: 'percent' } });
    expect(within(offers).getByLabelText('Prozent').getAttribute('aria-invalid')).toBeNull();
  });

  it('a set menu course that offers a dish of a hidden category: a warning at the course says what the guest misses and what to do; the draft still saves', async () => {
    const api = fakeApi();
    render(<MenuEditor shopId="demo" />);
    await screen.findByRole('heading', { name: 'Kategorien' });
    fireEvent.click(screen.getByLabelText('„Pizza“ für Gäste ausblenden'));
    fireEvent.click(screen.getByRole('tab', { name: 'Menüs' }));
    const panel = screen.getByRole('tabpanel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Neues Menü' }));
    fireEvent.change(within(panel).getByLabelText('Name des Menüs'), { target: { value: 'Mittagsmenü' } });
    fireEvent.change(within(panel).getByLabelText('Preis des Menüs'), { target: { value: '9,90' } });
    fireEvent.change(within(panel).getByLabelText('Name des Gangs'), { target: { value: 'Hauptgang' } });
    expect(within(panel).queryByRole('note')).toBeNull();
    const course = within(panel).getByRole('group', { name: 'Gerichte zur Wahl: Hauptgang' });
    fireEvent.click(within(course).getByLabelText('Margherita'));
    expect(within(panel).getByRole('note').textContent).toBe(
      '„Margherita“ steht nur in der ausgeblendeten Kategorie „Pizza“: Gäste können es hier nicht wählen. Blenden Sie die Kategorie unter „Gerichte“ wieder ein oder wählen Sie das Gericht hier ab.',
    );
    await save();
    expect(api.puts()).toHaveLength(1);
    expect(api.puts()[0].categories[0].hidden).toBe(true);
    expect(api.puts()[0].menus[0].slots[0].dishes).toEqual(['margherita']);
  });

  it('a set menu: a slot without dishes gets its message, and a refused save opens the Menüs tab', async () => {
    const api = fakeApi();
    const panel = await open('Menüs');
    fireEvent.click(within(panel).getByRole('button', { name: 'Neues Menü' }));
    fireEvent.change(within(panel).getByLabelText('Name des Menüs'), { target: { value: 'Mittagsmenü' } });
    fireEvent.change(within(panel).getByLabelText('Preis des Menüs'), { target: { value: '9,90' } });
    fireEvent.change(within(panel).getByLabelText('Name des Gangs'), { target: { value: 'Hauptgang' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Gerichte' }));
    await save();
    expect(api.puts()).toEqual([]);
    expect(screen.getByRole('tab', { name: 'Menüs' }).getAttribute('aria-selected')).toBe('true');
    const slot = screen.getByRole('group', { name: 'Gerichte zur Wahl: Hauptgang' });
    expect(slot.textContent).toContain('Bitte mindestens einen Eintrag anlegen.');
    fireEvent.click(within(slot).getByLabelText('Salami'));
    expect(slot.textContent).not.toContain('Bitte mindestens einen Eintrag anlegen.');
    await save();
    expect(api.puts()[0].menus).toEqual([
      { id: 'menue', name: 'Mittagsmenü', headline: null, teaser: null, price: 990, imageName: null, slots: [{ id: 'menue-gang-1', name: 'Hauptgang', dishes: ['salami'], size: null }] },
    ]);
  });

  it('a two-for-one promotion: paid not below total is refused; the dishes it covers show it', async () => {
    const api = fakeApi();
    const panel = await open('2-für-1-Aktionen');
    fireEvent.click(within(panel).getByRole('button', { name: 'Neue 2-für-1-Aktion' }));
    await save();
    expect(messageOf(within(panel).getByLabelText('Titel'))).toBe('Bitte einen Namen eingeben.');
    fireEvent.change(within(panel).getByLabelText('Titel'), { target: { value: 'Pizza-Tag' } });
    fireEvent.change(within(panel).getByLabelText('Davon bezahlt'), { target: { value: '2' } });
    fireEvent.click(within(within(panel).getByRole('group', { name: 'Gerichte' })).getByLabelText('Salami'));
    await save();
    expect(api.puts()).toEqual([]);
    expect(messageOf(within(panel).getByLabelText('Davon bezahlt'))).toBe('Die bezahlte Menge muss kleiner als die Gesamtmenge sein.');
    fireEvent.change(within(panel).getByLabelText('Davon bezahlt'), { target: { value: '1' } });
    await save();
    const sent = api.puts()[0];
    expect(sent.twoForOnePromotions[0]).toEqual({
      id: 'aktion', title: 'Pizza-Tag', label: '2 für 1', totalQuantity: 2, paidQuantity: 1, accumulative: false, allowDifferentDishes: true,
      itemSelection: { categories: [], dishesWithSizes: [{ dishId: 'salami', sizeId: null }], menus: [] },
    });
    expect(sent.dishes.map((d) => [d.id, d.twoForOnePromotionId])).toEqual([['margherita', null], ['salami', 'aktion']]);
  });
});
