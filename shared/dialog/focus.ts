// Tab and Shift+Tab wrap around inside the open dialog. A native modal <dialog> makes the page
// behind it inert but lets Tab leave for the browser UI; keyboard users would lose the dialog.
// Every Dialog of shared/ui does this; widgets need nothing of their own.
import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]),[href],input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function wrapDialogFocus(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
  const dialog = (e.target as HTMLElement).closest?.('dialog[open]');
  if (!dialog) return;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
  const lastRadio = last instanceof HTMLInputElement && last.type === 'radio' && active instanceof HTMLInputElement && active.type === 'radio' && active.name === last.name;
  if (!e.shiftKey && (active === last || lastRadio || active === dialog)) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && (active === first || active === dialog)) {
    e.preventDefault();
    last.focus();
  }
}
