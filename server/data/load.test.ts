import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_DATA } from '../testing';
import { DataFileError, loadDataFile, parseData } from './load';

const demo = () => JSON.parse(readFileSync(DEMO_DATA, 'utf8'));

function problemsOf(mutate: (d: any) => void): string[] {
  const d = demo();
  mutate(d);
  try {
    parseData(d);
  } catch (e) {
    expect(e).toBeInstanceOf(DataFileError);
    return (e as DataFileError).problems;
  }
  throw new Error('expected the data to be rejected');
}

describe('data file', () => {
  it('loads the demo data and the minimal example', async () => {
    const d = await loadDataFile(DEMO_DATA);
    expect([...d.shops.keys()]).toEqual(['demo', 'burgerwerk-zentrum', 'burgerwerk-sued', 'burgerwerk-nord', 'schanzenkueche']);
    expect(d.franchises.get('burgerwerk')?.shopIds).toHaveLength(3);
    // a franchise shop shares the catalog of another
    expect(d.shops.get('burgerwerk-nord')!.catalog).toBe(d.shops.get('burgerwerk-zentrum')!.catalog);
    // defaults are filled in
    const demoShop = d.shops.get('demo')!;
    expect(demoShop.catalog.categories[0].dishes).toContain('pizza-margherita');
    expect(demoShop.config.flags.isFranchiseOverview).toBe(false);
    const cola = demoShop.catalog.dishes.find((x) => x.id === 'cola')!;
    expect(cola.prices.map((p) => p.deposit)).toEqual([25, 25, 15]);
    expect(d.coupons.find((c) => c.code === 'TREUE15')?.reservedPhone).toBe('01701234567');
    const minimal = await loadDataFile(join(DEMO_DATA, '..', 'minimal.json'));
    expect([...minimal.shops.keys()]).toEqual(['imbiss']);
  });

  it('names the broken field: price not in whole cents', () => {
    const problems = problemsOf((d) => {
      d.shops[0].catalog.dishes[3].prices[0].price = 7.9;
    });
    expect(problems).toContain('shops[0].catalog.dishes[3].prices[0].price: expected a whole number of cents');
  });

  it('names the broken field: wrong types, unknown keys, bad times', () => {
    expect(problemsOf((d) => (d.shops[0].config.latitude = '51.3'))[0]).toBe('shops[0].config.latitude: expected a latitude');
    expect(problemsOf((d) => (d.shops[0].config.openingTimes[1].to = '25:00'))[0]).toMatch(
      /^shops\[0\]\.config\.openingTimes\[1\]\.to: expected a time 'HH:MM'/,
    );
    expect(problemsOf((d) => (d.shops[0].catalog.dishes[0].tags = ['spicy']))[0]).toMatch(
      /^shops\[0\]\.catalog\.dishes\[0\]\.tags\[0\]: expected one of the tags/,
    );
    expect(problemsOf((d) => (d.shops[0].config.prize = 1))[0]).toMatch(/^shops\[0\]\.config\.prize: /);
    expect(problemsOf((d) => delete d.gazetteer)[0]).toMatch(/^gazetteer: /);
  });

  it('checks cross references', () => {
    expect(problemsOf((d) => (d.shops[0].catalog.dishes[0].category = 'nope'))).toContain(
      "shops[0].catalog.dishes[0].category: unknown category 'nope'",
    );
    expect(problemsOf((d) => (d.shops[0].catalog.menus[0].slots[0].dishes = ['ghost']))).toContain(
      "shops[0].catalog.menus[0].slots[0].dishes[0]: unknown dish 'ghost'",
    );
    expect(problemsOf((d) => (d.coupons[0].shopId = 'nirgendwo'))).toContain("coupons[0].shopId: unknown shop 'nirgendwo'");
    expect(problemsOf((d) => (d.shops[1].config.franchiseId = 'x'))).toContain("shops[1].config.franchiseId: unknown franchise 'x'");
    expect(problemsOf((d) => (d.shops[0].catalog.dishes[0].prices = [{ sizeId: 'p26', price: 100 }]))).toContain(
      "shops[0].catalog.dishes[0].sizes[1]: no price for size 'p32'",
    );
    expect(problemsOf((d) => (d.shops[2].catalogOf = 'demo-x'))).toContain("shops[2].catalogOf: no shop 'demo-x' with its own catalog");
    expect(problemsOf((d) => (d.shops[0].catalog.menus[0].slots[0].size = '40 cm'))[0]).toBe(
      "shops[0].catalog.menus[0].slots[0].dishes[0]: dish 'pizza-margherita' has no size '40 cm' (the slot would never offer it)",
    );
  });

  it('VAT: a dish may set 7 or 19 (percent), a shop its VAT id and a public contact e-mail', async () => {
    const d = await loadDataFile(DEMO_DATA);
    expect(d.settings?.get('demo')?.vatId).toBe('DE123456789');
    expect(d.shops.get('demo')!.config.contactEmail).toBe('hallo@trattoria-tischlein.example');
    const ok = demo();
    ok.shops[0].catalog.dishes[0].vatRate = 19;
    expect(parseData(ok).shops.get('demo')!.catalog.dishes[0].vatRate).toBe(19);
    expect(problemsOf((x) => (x.shops[0].catalog.dishes[0].vatRate = 16))[0]).toBe('shops[0].catalog.dishes[0].vatRate: expected a VAT rate of 7 or 19 (percent)');
    expect(problemsOf((x) => (x.shopSettings[0].vatId = '123456789'))[0]).toMatch(/^shopSettings\[0\]\.vatId: expected a VAT id/);
    expect(problemsOf((x) => (x.shops[0].config.contactEmail = 'kein-at'))[0]).toBe('shops[0].config.contactEmail: expected an e-mail address');
  });

  it('reports unreadable and non-JSON files', async () => {
    await expect(loadDataFile('/nonexistent/shops.json')).rejects.toThrow(/cannot read/);
    expect(() => parseData('not an object')).toThrow(DataFileError);
  });
});
