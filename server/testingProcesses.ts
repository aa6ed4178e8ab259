// Helpers of the tests that start real server processes (on a real PostgreSQL): a free port, a
// bounded wait for a condition, and a small cash order of the demo shop.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 100 ms until it returns a value (not undefined), at most `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

/** A pickup order's form, paid in cash. */
export function cashPickupForm(name: string, email: string) {
  return {
    salutation: '', name, street: '', streetNumber: '', zip: '', city: '', email, phone: '0341 123456',
    messageDriver: '', messageCook: '', paymentMethod: 'offline', isPickup: true, serveAt: '', floor: '', company: '',
  };
}

/** The demo's small grilled chicken with chips (10,90 €). */
export const GRILL_ITEM = {
  kind: 'dish', lineId: 'l1', dishId: 'haehnchen-grill', sizeId: 'klein', memberName: null, amount: 1, price: 1090, priceNonDiscounted: 1090,
  promotion: null, without: [], tags: [], slotId: null,
  extras: [{ groupId: 'g-beilage', itemId: 'b-pommes', itemName: 'Pommes frites', promotion: null, amount: 1, type: 'dish' }],
};
