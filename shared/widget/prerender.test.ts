/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PRERENDER_ATTR, READY_EVENT, prepareHydration, signalReady, takeOver, type PrerenderRoot } from './prerender';

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
