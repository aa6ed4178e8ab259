// The table data's polling rule: every 5 s, stops after 5 consecutive failures (the shared poller).
import { startPolling, type Poller, type PollerOptions } from '@shared/api';
import { TABLE_POLL_MAX_FAILURES, TABLE_POLL_MS } from './rules';

export function startTablePolling<T>(o: Omit<PollerOptions<T>, 'intervalMs'>): Poller {
  return startPolling({ intervalMs: TABLE_POLL_MS, maxFailures: TABLE_POLL_MAX_FAILURES, ...o });
}
