// Widgets tell the host page what happens through DOM CustomEvents on `document`
// (`tischlein:cart-changed`, ...). The embed loader re-dispatches where needed.
import { atom } from 'nanostores';

export function emitHostEvent(name: string, detail?: unknown): boolean {
  if (typeof document === 'undefined' || typeof CustomEvent === 'undefined') return false;
  try {
    return document.dispatchEvent(new CustomEvent(`tischlein:${name}`, { detail, bubbles: true, composed: true }));
  } catch {
    return false;
  }
}

/** The shop route a widget asked for (the shell or the embed runtime acts on it). */
export const $route = atom<string | null>(null);

export function navigate(path: string): void {
  $route.set(path);
  emitHostEvent('navigate', { path });
}
