/** @jest-environment ./tests/jest/jsdom-env.cjs */
// A widget mounted without a first view: its loading box keeps the element's size until the widget's first
// commit. The commit comes a task or more after the mount (a transition); an element empty for that frame made a
// restaurant's header wrap and unwrap (issue 29, the cart button in the example homepage's header).
import { describe, expect, jest, test } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { defineWidget } from '@shared/widget/mount';
import type { WidgetHost, WidgetModule } from '@shared/widget';

let widget: WidgetModule;
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(() => Promise.resolve(widget)),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

import { mountWidget } from './federation';

// jsdom has no constructable stylesheets: a sheet that only keeps its text (the shadow root keeps the list)
class Sheet {
  text = '';
  replaceSync(css: string) {
    this.text = css;
  }
}
(globalThis as unknown as { CSSStyleSheet: unknown }).CSSStyleSheet = Sheet;
// React's own scheduling is what is tested here (the transition's later task), not act()'s
(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

function CartButton() {
  return <button type="button">Warenkorb</button>;
}

describe('mountWidget without a first view', () => {
  test('the loading box stays until the widget has committed, and goes in that commit: the element is never empty', async () => {
    widget = defineWidget('cart-test', CartButton, '.cart-button{}');
    const el = document.createElement('div');
    el.setAttribute('data-variant', 'button');
    document.body.append(el);
    // what the shadow root holds after each batch of changes (a frame can only come between two tasks)
    const seen: string[] = [];
    const note = () => {
      const root = el.shadowRoot!;
      seen.push([root.querySelector('.tl-loading') ? 'loading' : '', root.querySelector('button') ? 'button' : ''].filter(Boolean).join('+') || 'empty');
    };
    const observer = new MutationObserver(note);
    const watch = () => observer.observe(el.shadowRoot!, { childList: true, subtree: true });

    const mounted = mountWidget('cart', el, {} as WidgetHost);
    watch();
    note();
    await mounted;
    // the widget is mounted; its first render is a transition: not committed yet, the loading box is still there
    expect(el.shadowRoot!.querySelector('.tl-loading')).not.toBeNull();
    expect(el.shadowRoot!.querySelector('button')).toBeNull();
    await waitFor(() => expect(el.shadowRoot!.querySelector('button')).not.toBeNull());
    await waitFor(() => expect(seen.at(-1)).toBe('button'));
    observer.disconnect();
    expect(seen[0]).toBe('loading');
    expect(seen).not.toContain('empty');
    expect(el.shadowRoot!.querySelector('.tl-loading')).toBeNull();
    // the loading box and the button are never both there either (the layout effect removes the box in the commit)
    expect(seen).not.toContain('loading+button');
  });
});
