/** invalid groups show 'Bitte wählen!' and the view scrolls to the first after 100 ms. */
export const SCROLL_TO_INVALID_MS = 100;

export function scrollToFirstInvalid(root: HTMLElement | null): void {
  setTimeout(() => {
    const el = root?.querySelector<HTMLElement>('[data-invalid="true"]');
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.querySelector<HTMLElement>('input:not([disabled]),button:not([disabled])')?.focus({ preventScroll: true });
  }, SCROLL_TO_INVALID_MS);
}
