// Test helper (not a test file itself): which timers of a given length are pending, seen through
// async_hooks, so a test can show that a timer goes with what it belonged to (an event stream's
// heartbeat with its client) instead of keeping the process alive.
import { createHook } from 'node:async_hooks';

interface NodeTimeout {
  _idleTimeout?: number;
  _destroyed?: boolean;
}

export interface TimerWatch {
  /** timers of the watched length set since the watch began that have neither run nor been cleared */
  pending(): number;
  stop(): void;
}

/** Watches every timer of exactly `ms` set from now on (whether by setTimeout, timers/promises or a library). */
export function watchTimers(ms: number): TimerWatch {
  const seen: NodeTimeout[] = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'Timeout' && (resource as NodeTimeout)._idleTimeout === ms) seen.push(resource as NodeTimeout);
    },
  }).enable();
  return {
    pending: () => seen.filter((t) => !t._destroyed).length,
    stop: () => void hook.disable(),
  };
}

/** Resolves once `check` holds; polled every 10 ms, bounded only by the test's own timeout. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}
