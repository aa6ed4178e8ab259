// The orders' turn on the event loop before a mail's. A mail's MIME build (nodemailer) runs as dozens of
// small stream steps on the event loop, ≈ 1.5 ms of its CPU per mail under load; the steps of a mail that
// starts while guests' orders are in the server interleave with those orders' checks, pricing and
// answers (docs/benchmarks.md, "What the slowest 1 % wait for on PostgreSQL"). So the outbox worker
// starts a mail when no order is in the server — or, while orders keep coming, after at most `maxWaitMs`:
// mails still go out under a steady stream of orders (a bounded share), and at once when there is none.

export interface Turns {
  /** an order enters the server; call the function it returns when its handler is done (its answer goes out then) */
  enter(): () => void;
  /** resolves when no order is in the server, at the latest after `maxWaitMs` */
  ordersAnswered(maxWaitMs: number): Promise<void>;
  /** orders in the server now */
  readonly inFlight: number;
  /** the worker's steps waiting for their turn now */
  readonly waiting: number;
}

export function createTurns(): Turns {
  let inFlight = 0;
  const waiting = new Set<() => void>();
  return {
    enter() {
      inFlight++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight--;
        if (inFlight > 0) return;
        for (const go of [...waiting]) go();
      };
    },
    ordersAnswered(maxWaitMs) {
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const go = () => {
          clearTimeout(timer);
          waiting.delete(go);
          resolve();
        };
        const timer = setTimeout(go, maxWaitMs);
        // the server's shutdown does not wait for a mail's turn
        timer.unref?.();
        waiting.add(go);
      });
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.size;
    },
  };
}
