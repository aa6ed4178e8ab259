// The cart availability check (every 30 s): the lines in the
// cart are re-checked by the engine against the current catalog and shop time; what it drops
// leaves the cart and is listed in 'Warenkorb Probleme'. Started by the widgets that show the
// cart (reference-counted: several on one page share one timer), not at import.
import { recheckCart } from './cart';

export const CART_AVAILABILITY_CHECK_MS = 30_000;

let timer: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** Starts the check (once per page); returns the stop function for this caller. */
export function startCartAvailabilityCheck(intervalMs: number = CART_AVAILABILITY_CHECK_MS): () => void {
  users += 1;
  if (!timer) timer = setInterval(() => recheckCart(), intervalMs);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users = Math.max(0, users - 1);
    if (users === 0) stopCartAvailabilityCheck();
  };
}

/** Stops the check for everyone. */
export function stopCartAvailabilityCheck(): void {
  if (timer) clearInterval(timer);
  timer = null;
  users = 0;
}
