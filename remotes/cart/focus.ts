// Keyboard focus inside the cart's dialogs (lazy chunk). The native modal <dialog> lets Tab leave
// the page at the ends of the dialog (headless Chromium: to the body); here Tab and Shift+Tab wrap
// around inside the open dialog. Attach `trapTab` as onKeyDown of an element around the dialog.
import type { KeyboardEvent, MouseEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]),[href],input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function trapTab(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = (e.target as Element | null)?.closest?.('dialog[open]');
  if (!dialog) return;
  const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (stops.length === 0) return;
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (e.shiftKey ? active === first || active === dialog || !dialog.contains(active) : active === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/**
 * A line's remove button unmounts with its line: keep the focus in the cart, on the remove button
 * of the line that takes its place (or the one before), else on the empty-cart note.
 */
export function refocusAfterRemove(e: MouseEvent<HTMLElement>, remove: () => void): void {
  const li = e.currentTarget.closest('.cart-line');
  const sibling = li?.nextElementSibling ?? li?.previousElementSibling ?? null;
  const panel = li?.closest('.cart-panel') ?? null;
  remove();
  setTimeout(() => {
    const target =
      (sibling?.isConnected ? sibling.querySelector<HTMLElement>('.cart-line__remove') : null) ??
      panel?.querySelector<HTMLElement>('.cart-empty') ??
      null;
    target?.focus();
  }, 0);
}

/**
 * The stepper's '−' is disabled at amount 1, and a disabled button drops the focus (to the page):
 * when the pressed stepper button is disabled after the change, the focus goes to the other one.
 * Attach as onClick of an element around the stepper.
 */
export function keepStepperFocus(e: MouseEvent<HTMLElement>): void {
  const group = e.currentTarget;
  const button = (e.target as Element | null)?.closest?.('button') ?? null;
  if (!button) return;
  setTimeout(() => {
    if (button.disabled && group.isConnected) group.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, 0);
}
