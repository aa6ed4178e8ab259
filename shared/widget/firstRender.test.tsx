/** @jest-environment ./tests/jest/jsdom-env.cjs */
// A widget's first render is a transition: React renders it in slices and lets the page run in
// between (a restaurant's page must not freeze while a long menu renders). Order, not time, is
// checked: a task the page queues once the render has begun runs before the render is done.
import { describe, expect, it } from '@jest/globals';
import { defineWidget } from './mount';
import type { WidgetHost } from './types';

/** Busy for `ms` of wall time: one dish's worth of rendering on a slow phone. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* render work */
  }
}

let rendered = 0;
let seenByPage: Promise<number> | null = null;
function Item({ n }: { n: number }) {
  // the page's own task (a tap, a timer), queued while the widget renders its first item
  if (n === 0 && !seenByPage) seenByPage = new Promise((resolve) => setTimeout(() => resolve(rendered), 0));
  busy(2);
  rendered += 1;
  return <li>{n}</li>;
}
function Long() {
  return (
    <ul>
      {Array.from({ length: 100 }, (_, i) => (
        <Item key={i} n={i} />
      ))}
    </ul>
  );
}

const host: WidgetHost = { shopId: 'demo', shopUrl: 'https://shop.example', inShell: false, navigate: () => undefined };

describe('a widget’s first render', () => {
  it('yields to the page: a task queued as the render begins runs while the 100 items (≈ 200 ms) are not all rendered', async () => {
    rendered = 0;
    const el = document.createElement('div');
    document.body.append(el);
    const unmount = defineWidget('long', Long, '').mount(el, { host, options: {} });
    await new Promise<void>((resolve) => {
      const poll = () => (seenByPage ? resolve() : setTimeout(poll, 1));
      poll();
    });
    expect(await seenByPage).toBeLessThan(100);
    // … and the render completes
    await new Promise<void>((resolve) => {
      const poll = () => (el.querySelectorAll('li').length === 100 ? resolve() : setTimeout(poll, 5));
      poll();
    });
    expect(el.querySelectorAll('li')).toHaveLength(100);
    unmount();
  });
});
