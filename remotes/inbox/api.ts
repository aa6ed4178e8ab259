// The staff API from the inbox app: same origin, the session cookie (docs/api.md "Staff API").
import type { InboxTab } from '@shared/inbox';
import type { PauseChoice, ShopLive, SoldOutCandidate } from '@shared/ops';

export interface StaffLine { name: string; amount: number; total: number; extras: { name: string; amount: number }[]; without: string[]; allergens: string[] }
export interface StaffOrder {
  id: string;
  number: number | null;
  numberText: string;
  tab: InboxTab;
  status: string;
  statusText: string;
  type: 'delivery' | 'pickup' | 'table';
  typeText: string;
  createdAt: string;
  createdTime: string;
  serveAt: string | null;
  /** a pre-order in 'Geplant': when it moves to 'Neu' (ISO) */
  plannedUntil?: string | null;
  acknowledged: boolean;
  accepted: boolean;
  readyTime: string | null;
  refused: boolean;
  refuseReason: string | null;
  refundText: string | null;
  refundStatus: 'pending' | 'refunded' | 'failed' | null;
  /** a failed refund: when it is tried again, or that it needs a hand (shared/ops) */
  refundRetryText: string | null;
  refusedBy: 'staff' | 'timeout' | null;
  customer: { name: string; phone: string; company: string; street: string; streetNumber: string; zip: string; city: string; floor: string; messageDriver: string; messageCook: string };
  lines: StaffLine[];
  paid: boolean;
  paymentText: string;
  total: number;
  totalCents: number;
}
export interface StaffUser { name: string; email: string; role: 'owner' | 'staff' }

/** GET …/ops: the shop's state, the owner's settings, the sold-out list (server/routes/staffOps.ts) */
export interface OpsView {
  live: ShopLive;
  timeZone: string;
  acceptPresets: number[];
  busyMax: number;
  settings: { answerMinutes: number; deviceWatch: boolean };
  devices: number;
  items: (SoldOutCandidate & { soldOut: boolean; until: string | null })[];
}

export class StaffApiError extends Error {
  /** `code`: the server's `error` ('already_decided') */
  constructor(readonly status: number, message: string, readonly code?: string) {
    super(message);
  }
}

/** What a call says when the server cannot be reached (status 0). */
export const STAFF_OFFLINE_MESSAGE = 'Keine Verbindung zum Server. Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.';

/**
 * Told ('lost') when a call finds the session gone (401 'login_required': 12 hours passed, the
 * server lost it, another device signed out): the app asks to sign in again over what is open, so
 * nothing typed is lost and the orders ring again. One for every section's caller.
 */
export const sessionLost = new EventTarget();

/** The staff API's base path of a shop. */
export function staffBase(shopId: string): string {
  return `/api/staff/${encodeURIComponent(shopId)}`;
}

export interface StaffCallerOptions {
  /** the German message when the server cannot be reached */
  offlineMessage?: string;
  /** the error of a refusal, from the answer's body (a section's own subclass, e.g. with each field's message) */
  toError?: (status: number, message: string, body: Record<string, unknown>) => StaffApiError;
}

/**
 * One call of the staff API below `base` (same origin, the session cookie): a body goes as JSON, a
 * Blob (a picture) as it is with its type; a refusal throws StaffApiError with the server's German
 * message, no connection one with status 0 and a German message. Every section's API uses it.
 */
export function staffCaller(base: string, opts: StaffCallerOptions = {}) {
  return async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const blob = typeof Blob !== 'undefined' && body instanceof Blob ? body : null;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? headers : { 'Content-Type': blob ? blob.type || 'application/octet-stream' : 'application/json', ...headers },
        body: body === undefined ? undefined : (blob ?? JSON.stringify(body)),
      });
    } catch {
      throw new StaffApiError(0, opts.offlineMessage ?? STAFF_OFFLINE_MESSAGE);
    }
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; error?: string };
    if (!res.ok) {
      if (res.status === 401 && data.error === 'login_required') sessionLost.dispatchEvent(new Event('lost'));
      const message = typeof data.message === 'string' ? data.message : failedText(res.status);
      throw opts.toError ? opts.toError(res.status, message, data as Record<string, unknown>) : new StaffApiError(res.status, message, typeof data.error === 'string' ? data.error : undefined);
    }
    return data;
  };
}


/** A failed answer without the server's German message (a proxy's 502, a crash) */
export function failedText(status: number): string {
  return `Der Server konnte das gerade nicht erledigen (Fehler ${status}). Die Eingaben bleiben hier – bitte gleich noch einmal versuchen.`;
}

export function staffApi(shopId: string) {
  const base = staffBase(shopId);
  const send = staffCaller(base);
  // without a body a GET, with one a POST
  const call = <T>(path: string, body?: unknown): Promise<T> => send<T>(body === undefined ? 'GET' : 'POST', path, body);
  return {
    base,
    me: () => call<{ kind: string; user?: StaffUser }>('/me'),
    login: (email: string, password: string) => call<{ user: StaffUser }>('/login', { email, password }),
    logout: () => call('/logout', {}),
    acknowledge: (id: string) => call<{ order: StaffOrder }>(`/orders/${id}/acknowledge`, {}),
    accept: (id: string, minutes: number) => call<{ order: StaffOrder }>(`/orders/${id}/accept`, { minutes }),
    refuse: (id: string, reason: string) => call<{ order: StaffOrder }>(`/orders/${id}/refuse`, { reason }),
    step: (id: string, status: string) => call<{ order: StaffOrder }>(`/orders/${id}/status`, { status }),
    events: () => new EventSource(`${base}/events`),
    refundRetry: (id: string) => call<{ order: StaffOrder }>(`/orders/${id}/refund-retry`, {}),
    ops: () => call<OpsView>('/ops'),
    pause: (minutes: PauseChoice | null) => call<OpsView>('/ops/pause', { minutes }),
    busy: (minutes: number) => call<OpsView>('/ops/busy', { minutes }),
    soldOut: (id: string, mark: 'tonight' | 'untilBack' | null) => call<OpsView>('/ops/sold-out', { id, mark }),
    settings: (s: { answerMinutes?: number; deviceWatch?: boolean }) => call<OpsView>('/ops/settings', s),
  };
}
export type StaffApi = ReturnType<typeof staffApi>;
