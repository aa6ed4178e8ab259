/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PRERENDER_ATTR, READY_EVENT, signalReady, takeOver, type PrerenderRoot } from './prerender';

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
