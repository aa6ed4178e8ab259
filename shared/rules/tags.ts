// Tags shown for a dish or line.
const MEAT_FISH = ['fish', 'chicken', 'pork', 'beef'];

export interface TagSource {
  tags: readonly string[];
  negTags?: readonly string[];
}

/**
 * vegan implies vegetarian; vegetarian or vegan drop fish, chicken, pork and beef; halal is kept only
 * when the dish itself declares it and no alcohol16/alcohol18 tag exists; negative tags and the
 * shop's hidden tags are removed. `extraTags` (e.g. of chosen extras' ingredients) are merged in
 * but can never declare halal. Order of the result: first appearance, 'vegetarian' right after 'vegan'.
 */
export function effectiveTags(source: TagSource, hiddenTags: readonly string[] = [], extraTags: readonly string[] = []): string[] {
  const own = Array.isArray(source?.tags) ? source.tags.filter((t) => typeof t === 'string') : [];
  const extra = Array.isArray(extraTags) ? extraTags.filter((t) => typeof t === 'string') : [];
  const out: string[] = [];
  const add = (t: string) => { if (!out.includes(t)) out.push(t); };
  for (const t of [...own, ...extra]) {
    add(t);
    if (t === 'vegan') add('vegetarian');
  }
  const veggie = out.includes('vegetarian') || out.includes('vegan');
  const alcohol = out.includes('alcohol16') || out.includes('alcohol18');
  const neg = Array.isArray(source?.negTags) ? source.negTags : [];
  const hidden = Array.isArray(hiddenTags) ? hiddenTags : [];
  return out.filter((t) => {
    if (veggie && MEAT_FISH.includes(t)) return false;
    if (t === 'halal' && (!own.includes('halal') || alcohol)) return false;
    return !neg.includes(t as never) && !hidden.includes(t);
  });
}
