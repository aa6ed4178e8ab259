import { describe, expect, it } from '@jest/globals';
import { dishPrice } from '@shared/pricing';
import { litrePriceText, litresOf } from './litre';
import { cola, ctxAt, testCatalog } from './fixtures';

describe('litre price', () => {
  it("litre price: '0,5 l' at 2,50\u00a0€ → '(1 l = 5,00\u00a0€)'", () => {
    expect(litrePriceText('0,5 l', 250)).toBe('(1 l = 5,00\u00a0€)');
    expect(dishPrice(testCatalog, cola, 's-05', ctxAt()).litrePrice).toBe('(1 l = 5,00\u00a0€)');
    expect(dishPrice(testCatalog, cola, 's-1', ctxAt()).litrePrice).toBe('(1 l = 4,00\u00a0€)');
  });
  it('reads litre amounts at the start of the size name only', () => {
    expect(litresOf('0.33 L Dose')).toBe(0.33);
    expect(litresOf('1 Liter')).toBe(1);
    expect(litresOf('1,5l')).toBe(1.5);
    expect(litresOf('Groß')).toBeNull();
    expect(litresOf('Flasche 0,5 l')).toBeNull();
    expect(litresOf('2 lecker')).toBeNull();
    expect(litresOf('0 l')).toBeNull();
    expect(litrePriceText('0,33 l', 199)).toBe('(1 l = 6,03\u00a0€)');
  });
});
