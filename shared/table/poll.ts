// Polls the table data: every 5 s, stops after 5 consecutive failures. Timers are
// injected so the rule is tested without a clock.
import { TABLE_POLL_MAX_FAILURES, TABLE_POLL_MS } from './rules';

export interface PollerOptions<T> {
  load: () => Promise<T>;
  onData: (data: T) => void;
  /** after each failure: the consecutive count; `stopped` once the limit is reached */
  onFailure?: (failures: number, stopped: boolean, error: unknown) => void;
  intervalMs?: number;
  maxFailures?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export interface Poller {
  stop(): void;
  /** loads now (and keeps polling); also restarts a poller that stopped after failures */
  refresh(): void;
  readonly failures: number;
  readonly stopped: boolean;
}

export function startPolling<T>(o: PollerOptions<T>): Poller {
  const interval = o.intervalMs ?? TABLE_POLL_MS;
  const max = o.maxFailures ?? TABLE_POLL_MAX_FAILURES;
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let failures = 0;
  let stopped = false;
  let timer: unknown = null;
  let run = 0;

  const tick = async () => {
    timer = null;
    const mine = ++run;
    try {
      const data = await o.load();
      if (stopped || mine !== run) return;
      failures = 0;
      o.onData(data);
    } catch (e) {
      if (stopped || mine !== run) return;
      failures += 1;
      const done = failures >= max;
      if (done) stopped = true;
      o.onFailure?.(failures, done, e);
      if (done) return;
    }
    timer = setTimer(() => void tick(), interval);
  };
  void tick();

  return {
    stop() {
      stopped = true;
      run++;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
    refresh() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      stopped = false;
      failures = 0;
      void tick();
    },
    get failures() {
      return failures;
    },
    get stopped() {
      return stopped;
    },
  };
}
