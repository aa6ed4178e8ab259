/** @jest-environment ./tests/jest/jsdom-env.cjs */
// The promotion areas' one list: empty state, each entry in a named region with its fields, the add
// button, removal asked first and applied with the area's follow-up (two-for-one: the dishes' label).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Catalog, TwoForOnePromotion } from '@shared/domain';
import { EntryList } from './EntryList';
import { syncPromotionDisplay } from './model';

const promo = (id: string, title: string): TwoForOnePromotion => ({
  id, title, label: '2 für 1', totalQuantity: 2, paidQuantity: 1, accumulative: false, allowDifferentDishes: true,
  itemSelection: { categories: ['pizza'], dishesWithSizes: [], menus: [] },
});
const catalog = (promos: TwoForOnePromotion[]): Catalog => ({
  categories: [{ id: 'pizza', name: 'Pizza', description: null, imageName: null, dishes: ['margherita'] }],
  dishes: [{
    id: 'margherita', name: 'Margherita', number: null, subtext: null, category: 'pizza', sizes: [], prices: [{ sizeId: null, price: 790, deposit: 0 }],
    isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [],
    extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null,
    description: null, twoForOnePromotionId: promos[0]?.id ?? null,
  }],
  ingredients: [], declarations: [], menus: [], discounts: [], twoForOnePromotions: promos, offers: [],
});

afterEach(cleanup);

describe('EntryList', () => {
  it("shows 'Noch keine Einträge.' and the add button when the list is empty", () => {
    const onAdd = jest.fn();
    render(<EntryList catalog={catalog([])} edit={jest.fn()} list="twoForOnePromotions" title={(t) => t.title} addLabel="Neue 2-für-1-Aktion" onAdd={onAdd}>{() => null}</EntryList>);
    expect(screen.getByText('Noch keine Einträge.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Neue 2-für-1-Aktion' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('gives each entry a named region with its fields and paths; changes and removal go through the area’s follow-up', () => {
    let current = catalog([promo('a', 'Pizza-Dienstag'), promo('b', 'Familienabend')]);
    const edit = jest.fn((fn: (c: Catalog) => Catalog) => void (current = fn(current)));
    const paths: string[] = [];
    render(
      <EntryList catalog={current} edit={edit} list="twoForOnePromotions" title={(t) => t.title} addLabel="Neu" onAdd={jest.fn()} after={syncPromotionDisplay}>
        {(t, { at, change }) => {
          paths.push(at('title'));
          return <button type="button" onClick={() => change((x) => void (x.title = `${t.title}!`))}>Ändern {t.title}</button>;
        }}
      </EntryList>,
    );
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby') && r.querySelector('h3')?.textContent)).toEqual(['Pizza-Dienstag', 'Familienabend']);
    expect(paths).toEqual(['twoForOnePromotions[0].title', 'twoForOnePromotions[1].title']);
    fireEvent.click(screen.getByRole('button', { name: 'Ändern Familienabend' }));
    expect(current.twoForOnePromotions.map((t) => t.title)).toEqual(['Pizza-Dienstag', 'Familienabend!']);

    // removal is asked first: 'no' keeps it
    const ask = jest.spyOn(globalThis, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: '„Pizza-Dienstag“ entfernen' }));
    expect(current.twoForOnePromotions).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '„Pizza-Dienstag“ entfernen' }));
    expect(ask).toHaveBeenLastCalledWith('„Pizza-Dienstag“ wirklich entfernen?');
    expect(current.twoForOnePromotions.map((t) => t.id)).toEqual(['b']);
    // the follow-up ran: the dish shows the promotion that still covers it
    expect(current.dishes[0].twoForOnePromotionId).toBe('b');
  });
});
