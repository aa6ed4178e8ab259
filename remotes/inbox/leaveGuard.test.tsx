/** @jest-environment ./tests/jest/jsdom-env.cjs */
// Unsaved changes in the Speisekarte: the staff app's own links (navigation, alarm, 'Abmelden')
// ask before leaving — they change the section without unloading the page, so 'beforeunload'
// never asked and the changes were silently gone. Saved or left: nothing is asked.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Catalog } from '@shared/domain';
import { mayLeave } from './leaveGuard';
import { MenuEditor } from './menu-editor/MenuEditor';

const CATALOG: Catalog = {
  categories: [{ id: 'pizza', name: 'Pizza', description: null, imageName: null, dishes: ['margherita'] }],
  dishes: [{
    id: 'margherita', name: 'Margherita', number: '10', subtext: null, category: 'pizza', sizes: [], prices: [{ sizeId: null, price: 790, deposit: 0 }],
    isDrink: false, freeIngredients: 0, primaryIngredients: [], secondaryIngredients: [], primarySubDishes: [], secondarySubDishes: [],
    extraIngredientGroups: [], sideDishGroups: [], popularExtraCombination: [], declarations: [], tags: [], negTags: [], imageName: null,
    description: null, twoForOnePromotionId: null,
  }],
  ingredients: [], declarations: [], menus: [], discounts: [], twoForOnePromotions: [], offers: [],
};

const QUESTION = 'Es gibt nicht gespeicherte Änderungen an der Speisekarte. Trotzdem verlassen? Die Änderungen gehen dann verloren.';

function fakeServer() {
  let revision = 0;
  let current = CATALOG;
  const draft = () => ({ revision, catalog: current, updatedAt: null, updatedBy: null, published: { version: 1, label: '1-abc' }, changed: revision > 0 });
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).replace(/^.*\/menu/, '');
    if (init?.method === 'PUT' && path === '/draft') {
      revision += 1;
      current = (JSON.parse(String(init.body)) as { catalog: Catalog }).catalog;
      return Response.json(draft());
    }
    if (path === '/draft') return Response.json(draft());
    if (path === '/versions') return Response.json({ versions: [] });
    return new Response('{}', { status: 404 });
  }) as unknown as typeof fetch;
}

afterEach(cleanup);

describe('leaving the Speisekarte with unsaved changes', () => {
  it('asks (and stays when the answer is no); after saving and after leaving it asks nothing', async () => {
    fakeServer();
    const { unmount } = render(<MenuEditor shopId="demo" />);
    await screen.findByRole('heading', { name: 'Kategorien' });
    // on a phone the list is above the form, not to its left
    expect(screen.getByText('Wählen Sie ein Gericht aus der Liste oder legen Sie ein neues an.')).toBeTruthy();
    const never = jest.fn((_q: string) => false);
    expect(mayLeave(never)).toBe(true);
    expect(never).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '10 Margherita' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Margherita Spezial' } });
    const no = jest.fn((_q: string) => false);
    expect(mayLeave(no)).toBe(false);
    expect(no).toHaveBeenCalledWith(QUESTION);
    const yes = jest.fn((_q: string) => true);
    expect(mayLeave(yes)).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    await screen.findByText('Alle Änderungen sind gespeichert.');
    expect(mayLeave(never)).toBe(true);
    expect(never).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Margherita Extra' } });
    expect(mayLeave(() => false)).toBe(false);
    unmount();
    expect(mayLeave(never)).toBe(true);
    expect(never).not.toHaveBeenCalled();
  });
});
