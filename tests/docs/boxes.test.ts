// The boxes the widgets keep while they load (shared/widget/boxes.ts) are the same everywhere they are written:
// the CSS docs/embedding.md asks a restaurant to paste, the example pages' CSS, the loader stub's reservation (its own
// copy: bytes), the loading boxes (HOST_CSS) and the live widgets' CSS. One of them alone changed makes a page jump
// (tests/e2e/layout-shift.spec.ts shows it in the browser).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADDRESS_BOX_HEIGHT, CART_BUTTON_BOX, CART_FULL_BOX_HEIGHT, MENU_BOX_HEIGHT } from '../../shared/widget/boxes';
import { HOST_CSS } from '../../shared/widget/prerender';
import { addressCss } from '../../remotes/address/styles';
import { rootCss } from '../../remotes/cart/rootCss';

const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Each `tischlein-x:not(:defined) { … }` rule of a text: its declarations by widget, spaces removed. */
function reservations(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const m of text.matchAll(/((?:tischlein-[a-z]+:not\(:defined\)\s*,?\s*)+)\{([^}]*)\}/g)) {
    const decls = Object.fromEntries(
      m[2]
        .split(';')
        .map((d) => d.split(':').map((s) => s.trim()))
        .filter((d) => d.length === 2 && d[0]),
    );
    for (const tag of m[1].match(/tischlein-[a-z]+/g) ?? []) out[tag] = { ...out[tag], ...decls };
  }
  return out;
}

// written out: what docs/embedding.md tells the restaurants
const EXPECTED = {
  'tischlein-menu': { display: 'block', 'min-height': '600px' },
  'tischlein-cart': { display: 'block', 'min-height': '44px', 'min-width': '90px' },
  'tischlein-address': { display: 'block', 'min-height': '154px' },
};

describe('the boxes the widgets keep while they load', () => {
  it('are the constants of shared/widget/boxes.ts', () => {
    expect([MENU_BOX_HEIGHT, ADDRESS_BOX_HEIGHT, CART_BUTTON_BOX, CART_FULL_BOX_HEIGHT]).toEqual([600, 154, { width: 90, height: 44 }, 241]);
  });

  it.each([['docs/embedding.md'], ['examples/homepage.css'], ['shell/embed/stub.ts']])('are reserved so in %s', (file) => {
    expect(reservations(read(file))).toEqual(EXPECTED);
  });

  it('are the loading boxes (HOST_CSS) and the live widgets keep them', () => {
    const css = HOST_CSS.replace(/\s+/g, '');
    expect(css).toContain(':host(tischlein-menu).tl-loading{min-height:var(--tl-reserve,600px)}');
    expect(css).toContain(':host(tischlein-address).tl-loading{min-height:var(--tl-reserve,154px)}');
    expect(css).toContain('.tl-loading{width:90px;min-height:44px;');
    // the address widget fills its box from the first commit; the cart button is at least as wide as its box
    expect(addressCss).toContain('.tl-address:not(:empty){min-height:154px}');
    expect(rootCss).toContain('.tl-root .cart-button:not(.cart-bar){min-width:90px;');
    expect(rootCss).toMatch(/\.tl-root \.cart-button\{[^}]*min-height:44px/);
    // the shop's full cart (wide screens) keeps its loading box from the fallback of its content on; the fixed bar below md none
    expect(css).toContain(':host(tischlein-cart[data-variant=full]).tl-loading{min-height:var(--tl-reserve,241px)}');
    expect(css).toContain('@media(max-width:1023.98px){:host(tischlein-cart[data-variant=full]).tl-loading{min-height:0;height:0;overflow:hidden}}');
    expect(rootCss).toMatch(/\.cart-full\{min-height:241px;/);
  });
});
