// Keyboard focus inside the cart (lazy chunk); Tab wrapping in dialogs is shared/ui's Dialog.
import type { MouseEvent } from 'react';

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
