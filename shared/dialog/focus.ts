// Tab and Shift+Tab wrap around inside the open dialog. A native modal <dialog> makes the page
// behind it inert but lets Tab leave for the browser UI; keyboard users would lose the dialog.
// Which elements Tab reaches, in which order, is tabbable's answer (radio groups count once,
// hidden, inert and closed-<details> content not at all, positive tabindex first, shadow roots
// inside the dialog included). Every Dialog of shared/ui does this; widgets need nothing of their own.
import type { KeyboardEvent } from 'react';
import { tabbable } from 'tabbable';

export function wrapDialogFocus(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = (e.target as HTMLElement).closest?.('dialog[open]');
  if (!dialog) return;
  const items = tabbable(dialog, { getShadowRoot: true });
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  if (!e.shiftKey && (active === last || active === dialog)) {
    e.preventDefault();
    (first as HTMLElement).focus();
  } else if (e.shiftKey && (active === first || active === dialog)) {
    e.preventDefault();
    (last as HTMLElement).focus();
  }
}
