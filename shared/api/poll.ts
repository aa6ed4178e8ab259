// The one poller for every loop that asks the server again and again (table data, order status,
// group order, delivery period, visit pings): the next load is planned only when the previous
// one has answered (no overlapping requests), consecutive failures may stop it, and timers are
// injected so each loop's rule is tested without a clock.

export interface PollerOptions<T> {
  load: () => Promise<T>;
  onData?: (data: T) => void;
  /** after each failure: the consecutive count; `stopped` once the limit is reached */
  onFailure?: (failures: number, stopped: boolean, error: unknown) => void;
  /** ms until the next load; a function decides after each answer (null after a failure), null = stop */
  intervalMs: number | ((last: T | null) => number | null);
  /** consecutive failures that stop the poller (default: never) */
  maxFailures?: number;
  /** the first load after one interval instead of at once */
  delayFirst?: boolean;
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
  const max = o.maxFailures ?? Infinity;
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  const next = (last: T | null) => (typeof o.intervalMs === 'function' ? o.intervalMs(last) : o.intervalMs);
  let failures = 0;
  let stopped = false;
  let timer: unknown = null;
  let run = 0;

  const plan = (ms: number | null) => {
    if (ms === null) stopped = true;
    else timer = setTimer(() => void tick(), ms);
  };
  const tick = async () => {
    timer = null;
    const mine = ++run;
    let last: T | null = null;
    try {
      last = await o.load();
      if (stopped || mine !== run) return;
      failures = 0;
      o.onData?.(last);
    } catch (e) {
      if (stopped || mine !== run) return;
      failures += 1;
      const done = failures >= max;
      if (done) stopped = true;
      o.onFailure?.(failures, done, e);
      if (done) return;
    }
    if (!stopped && mine === run) plan(next(last));
  };
  if (o.delayFirst) plan(next(null));
  else void tick();

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
