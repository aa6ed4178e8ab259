// Table-mode state: the waiter status (remembered for the day) and the polled table data.
// The cookie is the waiter's proof; this flag only decides what the widgets show.
import { atom } from 'nanostores';
import { session, setDevFlags, storageKeys, $devFlags } from '@shared/stores';
import { fetchTable } from './api';
import type { Poller } from '@shared/api';
import { startTablePolling } from './poll';
import type { TableData } from './rules';

const WAITER_KEY = storageKeys.waiter;

// The device clock may be wrong: the session's end is the server's business (a 401 ends waiter mode).
function readWaiter(): string | null {
  return session.get(WAITER_KEY) || null;
}

/** ISO end of the waiter's session, null when not in waiter mode. */
export const $waiterUntil = atom<string | null>(readWaiter());

export function setWaiter(until: string | null): void {
  $waiterUntil.set(until);
  if (until) {
    session.set(WAITER_KEY, until);
    // waiter mode turns on the vertical menu
    if (!$devFlags.get().verticalMenu) setDevFlags({ verticalMenu: true });
  } else session.remove(WAITER_KEY);
}

export function isWaiter(): boolean {
  return $waiterUntil.get() !== null;
}

export interface TableView {
  table: number | null;
  data: TableData | null;
  failures: number;
  stopped: boolean;
  /** the server said the waiter session is gone (401/403) */
  unauthorised: boolean;
}

export const $tableView = atom<TableView>({ table: null, data: null, failures: 0, stopped: false, unauthorised: false });

let poller: Poller | null = null;

/** Starts polling GET /dineintable/{table} every 5 s (stops after 5 consecutive failures). */
export function watchTable(table: number, load: (t: number) => Promise<TableData> = fetchTable): () => void {
  poller?.stop();
  $tableView.set({ table, data: null, failures: 0, stopped: false, unauthorised: false });
  const p = startTablePolling({
    load: () => load(table),
    onData: (data) => $tableView.set({ table, data, failures: 0, stopped: false, unauthorised: false }),
    onFailure: (failures, stopped, error) => {
      const status = (error as { status?: number } | null)?.status;
      const unauthorised = status === 401 || status === 403;
      if (unauthorised) {
        p.stop();
        setWaiter(null);
      }
      $tableView.set({ ...$tableView.get(), failures, stopped: stopped || unauthorised, unauthorised });
    },
  });
  poller = p;
  return () => {
    p.stop();
    if (poller === p) poller = null;
  };
}

/** Loads now (after a booking or a clear) and restarts polling that had stopped. */
export function refreshTable(): void {
  poller?.refresh();
}
