/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PRERENDER_ATTR, READY_EVENT, holdPictures, prepareHydration, showPictures, signalReady, takeOver, type PrerenderRoot } from './prerender';

const VIEW = `<div class="menu-root"><input type="search" value=""><ul><li><button aria-label="A auswählen">+</button></li><li><button aria-label="B auswählen">+</button></li></ul></div>`;

function setup(liveView = VIEW) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const shadow = host.attachShadow({ mode: 'open' }) as PrerenderRoot;
  shadow.innerHTML = `<div ${PRERENDER_ATTR}>${VIEW}</div>`;
  const pre = shadow.firstElementChild as HTMLElement;
  const live = document.createElement('div');
  live.style.display = 'none';
  live.innerHTML = liveView;
  shadow.append(live);
  return { shadow, pre, live };
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

describe('takeOver', () => {
  it('shows the live tree in the pre-render\'s place and replays the taps on the same buttons', () => {
    jest.useFakeTimers();
    const { shadow, pre, live } = setup();
    const clicked: string[] = [];
    live.addEventListener('click', (e) => clicked.push((e.target as Element).getAttribute('aria-label')!));
    shadow.tlTaps = [pre.querySelectorAll('button')[1], pre.querySelectorAll('button')[0]];
    takeOver(shadow, pre, live, []);
    expect(pre.isConnected).toBe(false);
    expect(live.style.display).toBe('');
    expect(shadow.tlTaps).toBeUndefined();
    expect(clicked).toEqual([]); // not inside the widget's commit
    jest.runAllTimers();
    expect(clicked).toEqual(['B auswählen', 'A auswählen']);
  });

  it('drops a tap whose place holds something else in the live view', () => {
    jest.useFakeTimers();
    const { shadow, pre, live } = setup(VIEW.replace('A auswählen', 'C auswählen'));
    const clicked: string[] = [];
    live.addEventListener('click', (e) => clicked.push((e.target as Element).getAttribute('aria-label')!));
    shadow.tlTaps = [pre.querySelector('button')!];
    takeOver(shadow, pre, live, []);
    jest.runAllTimers();
    expect(clicked).toEqual([]);
  });

  it('moves typed text into the live field as an input event, and the focus with it', () => {
    const { shadow, pre, live } = setup();
    const typed = pre.querySelector('input')!;
    typed.value = 'Pizza';
    typed.focus();
    const seen: string[] = [];
    live.addEventListener('input', (e) => seen.push((e.target as HTMLInputElement).value));
    takeOver(shadow, pre, live, []);
    expect(seen).toEqual(['Pizza']);
    expect(shadow.activeElement).toBe(live.querySelector('input'));
  });
});

describe('takeOver with the server\'s markup', () => {
  it('finds the live buttons by element places: the server\'s text separators (comments) do not shift them', () => {
    jest.useFakeTimers();
    const { shadow, pre, live } = setup();
    // renderToString's markup: text, a separator comment, text before the list
    pre.querySelector('.menu-root')!.insertAdjacentHTML('afterbegin', '12<!-- --> €');
    live.querySelector('.menu-root')!.insertAdjacentHTML('afterbegin', '12 €');
    const clicked: string[] = [];
    live.addEventListener('click', (e) => clicked.push((e.target as Element).getAttribute('aria-label')!));
    shadow.tlTaps = [pre.querySelectorAll('button')[1]];
    takeOver(shadow, pre, live, []);
    jest.runAllTimers();
    expect(clicked).toEqual(['B auswählen']);
  });
});

describe('prepareHydration', () => {
  it('ends the stub\'s noting, removes the preloads and the typed text for the hydration, and brings both back after it', () => {
    jest.useFakeTimers();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' }) as PrerenderRoot;
    shadow.innerHTML = `<div ${PRERENDER_ATTR}="k">${VIEW}<link rel="preload" as="script" href="/x.js"></div>`;
    const pre = shadow.firstElementChild as HTMLElement;
    const input = pre.querySelector('input')!;
    input.value = 'Pizza';
    const b = pre.querySelectorAll('button')[1];
    shadow.tlTaps = [b];
    const events: string[] = [];
    pre.addEventListener('input', (e) => events.push(`input ${(e.target as HTMLInputElement).value}`));
    pre.addEventListener('click', (e) => events.push(`click ${(e.target as Element).getAttribute('aria-label')}`));

    const done = prepareHydration(shadow, pre);
    expect(shadow.tlTaps).toBeUndefined();
    expect(pre.querySelector('link')).toBeNull();
    expect(input.value).toBe(''); // the server's value, as React expects it
    expect(events).toEqual([]);
    // not live before the hydration's commit
    expect(pre.hasAttribute(PRERENDER_ATTR)).toBe(true);
    done();
    expect(pre.hasAttribute(PRERENDER_ATTR)).toBe(false);
    expect(input.value).toBe('Pizza');
    expect(events).toEqual(['input Pizza']);
    jest.runAllTimers();
    expect(events).toEqual(['input Pizza', 'click B auswählen']);
  });
});

describe('signalReady', () => {
  it('sends the ready event up to the container', () => {
    const container = document.createElement('div');
    const inner = document.createElement('p');
    container.append(inner);
    const heard = jest.fn();
    container.addEventListener(READY_EVENT, heard);
    signalReady(inner);
    signalReady(null);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('the first view\'s pictures after live', () => {
  const PICTURE =
    '<picture class="menu-dish__pic"><source type="image/webp" media="(max-width: 599px)" srcSet="https://a.example/s.webp"/>' +
    '<source type="image/webp" srcSet="https://a.example/b.webp"/><img src="https://a.example/b.jpg" width="288" height="192" alt="" loading="lazy" decoding="async"/></picture>';

  it('the server holds every src and srcset back, with no address in their place; nothing else of the markup changes', () => {
    expect(holdPictures(`<p class="x" data-src="1">src="keep"</p>${PICTURE}`)).toBe(
      '<p class="x" data-src="1">src="keep"</p>' +
        '<picture class="menu-dish__pic"><source type="image/webp" media="(max-width: 599px)" data-tl-srcset="https://a.example/s.webp"/>' +
        '<source type="image/webp" data-tl-srcset="https://a.example/b.webp"/><img data-tl-src="https://a.example/b.jpg" width="288" height="192" alt="" loading="lazy" decoding="async"/></picture>',
    );
  });

  it('held, no picture of the shop is asked for; shown, the markup is the live widget\'s own again', () => {
    const box = document.createElement('div');
    box.innerHTML = holdPictures(PICTURE);
    const img = box.querySelector('img')!;
    // (no address at all, no data: placeholder either: nothing a page's CSP could refuse; the CSS gives it its box)
    expect(img.hasAttribute('src')).toBe(false);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(Array.from(box.querySelectorAll('source')).some((s) => s.hasAttribute('srcset'))).toBe(false);
    showPictures(box);
    const live = document.createElement('div');
    live.innerHTML = PICTURE;
    // (the attributes' order may differ: hydration compares none of it)
    const attrs = (root: Element) => Array.from(root.querySelectorAll('*')).map((el) => `${el.localName} ${Array.from(el.attributes, (a) => `${a.name}=${a.value}`).sort().join(' ')}`);
    expect(attrs(box)).toEqual(attrs(live));
    expect(img.getAttribute('src')).toBe('https://a.example/b.jpg');
  });
});
