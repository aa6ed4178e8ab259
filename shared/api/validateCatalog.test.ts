import { describe, expect, test } from '@jest/globals';
import { CatalogSchema } from '@shared/domain';
import { validate } from './client';
import { validateCatalog } from './bootstrap';
import { bootstrapFixture } from './testing';

/** The fixture's catalog as an answer's body, with three dishes (copies of its first under new ids). */
function catalog(): { dishes: Record<string, unknown>[] } {
  const c = JSON.parse(JSON.stringify(bootstrapFixture().catalog)) as { dishes: Record<string, unknown>[] };
  c.dishes = [c.dishes[0], { ...c.dishes[0], id: 'copy-2' }, { ...c.dishes[0], id: 'copy-3' }];
  return c;
}

describe('validateCatalog (the catalog answer checked in slices)', () => {
  test('lets the page run between slices: a timer set when the check starts fires before it ends', async () => {
    const body = catalog();
    const order: string[] = [];
    setTimeout(() => order.push('page'), 0);
    const checked = validateCatalog(body, 0).then(() => order.push('checked'));
    await checked;
    expect(order).toEqual(['page', 'checked']);
  });

  test('the same catalog as the check in one piece, its keys in the same order', async () => {
    const body = catalog();
    const whole = validate(CatalogSchema, catalog(), 'catalog');
    const sliced = await validateCatalog(body, 0);
    expect(sliced).toEqual(whole);
    expect(Object.keys(sliced)).toEqual(Object.keys(whole));
  });

  test("a bad dish after the first slice fails with the one-piece check's message and path", async () => {
    const body = catalog();
    body.dishes[2] = { ...body.dishes[2], name: 5 };
    const expected = 'Malformed catalog answer at dishes.2.name: expected a string';
    expect(() => validate(CatalogSchema, body, 'catalog')).toThrow(expected);
    await expect(validateCatalog(body, 0)).rejects.toMatchObject({ code: 'bad-response', message: expected });
  });

  test('a bad list elsewhere, or no object at all, fails as before', async () => {
    const body = { ...catalog(), categories: 'none' };
    await expect(validateCatalog(body, 0)).rejects.toMatchObject({ code: 'bad-response', message: 'Malformed catalog answer at categories: expected a list of categories' });
    await expect(validateCatalog('<html>', 0)).rejects.toMatchObject({ code: 'bad-response' });
  });
});
