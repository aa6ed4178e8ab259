// The allergens (EU food information regulation 1169/2011, Annex II: codes A–N) and the additives
// German menus must name (codes 1–12), as the demo data and most German menus print them. The
// editor offers these; a catalog carries the ones its dishes use (docs/data-format.md "declarations").
import type { Declaration } from '@shared/domain';

export const DECLARATION_LIST: readonly Declaration[] = [
  ['A', 'Glutenhaltiges Getreide'], ['B', 'Krebstiere'], ['C', 'Eier'], ['D', 'Fisch'], ['E', 'Erdnüsse'], ['F', 'Soja'],
  ['G', 'Milch und Laktose'], ['H', 'Schalenfrüchte'], ['I', 'Sellerie'], ['J', 'Senf'], ['K', 'Sesam'],
  ['L', 'Schwefeldioxid und Sulfite'], ['M', 'Lupinen'], ['N', 'Weichtiere'],
].map(([code, name]): Declaration => ({ id: `al-${code}`, kind: 'allergen', code, name })).concat(
  [
    'mit Farbstoff', 'mit Konservierungsstoff', 'mit Antioxidationsmittel', 'mit Geschmacksverstärker', 'geschwefelt', 'geschwärzt',
    'gewachst', 'mit Phosphat', 'mit Süßungsmittel', 'enthält eine Phenylalaninquelle', 'koffeinhaltig', 'chininhaltig',
  ].map((name, i): Declaration => ({ id: `zs-${i + 1}`, kind: 'additive', code: String(i + 1), name })),
);

/**
 * The catalog's declarations plus those of the list a dish now names by id (kept in the
 * catalog's order, new ones at the end); ids neither has stay unknown (the check reports them).
 */
export function withDeclarations(own: readonly Declaration[], ids: readonly string[]): Declaration[] {
  const out = [...own];
  for (const id of ids) {
    if (out.some((d) => d.id === id)) continue;
    const known = DECLARATION_LIST.find((d) => d.id === id);
    if (known) out.push({ ...known });
  }
  return out;
}
