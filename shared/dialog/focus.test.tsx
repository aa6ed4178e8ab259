/** @jest-environment ./tests/jest/jsdom-env.cjs */
// Tab wraps inside the open dialog by the browser's own Tab order: a radio group is one stop (its
// checked radio), a hidden element is none. (jsdom has no layout: every element gets a box here.)
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { KeyboardEvent } from 'react';
import { wrapDialogFocus } from './focus';

const realRects = Element.prototype.getClientRects;
beforeEach(() => {
  Element.prototype.getClientRects = function () {
    return [{ width: 10, height: 10 }] as unknown as DOMRectList;
  };
});
afterEach(() => {
  Element.prototype.getClientRects = realRects;
  document.body.innerHTML = '';
});

function dialogWith(html: string): HTMLDialogElement {
  document.body.innerHTML = `<button id="outside">draußen</button><dialog open>${html}</dialog>`;
  return document.querySelector('dialog')!;
}

/** Presses (Shift+)Tab on the focused element; true when the dialog kept the focus itself. */
function tab(shiftKey = false): boolean {
  let prevented = false;
  const target = document.activeElement as HTMLElement;
  wrapDialogFocus({ key: 'Tab', shiftKey, altKey: false, ctrlKey: false, metaKey: false, target, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent<HTMLElement>);
  return prevented;
}

describe('focus wrap in a dialog', () => {
  it('Shift+Tab on the checked radio of the first group goes to the last element (the group is one stop)', () => {
    dialogWith(`
      <label><input type="radio" name="size" value="s"> klein</label>
      <label><input type="radio" name="size" value="l" checked> groß</label>
      <button id="ok">OK</button>`);
    const checked = document.querySelector<HTMLInputElement>('input[value="l"]')!;
    checked.focus();
    expect(tab(true)).toBe(true);
    expect(document.activeElement?.id).toBe('ok');
  });

  it('Tab on the last visible element goes to the first: a hidden button after it is no stop', () => {
    dialogWith(`
      <button id="close">Schließen</button>
      <button id="ok">OK</button>
      <button id="later" style="visibility:hidden">später</button>`);
    document.getElementById('ok')!.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement?.id).toBe('close');
  });

  it('Tab inside leaves the browser its own order (no wrap in the middle)', () => {
    dialogWith(`<button id="a">A</button><button id="b">B</button><button id="c">C</button>`);
    document.getElementById('b')!.focus();
    expect(tab()).toBe(false);
    expect(tab(true)).toBe(false);
  });
});
