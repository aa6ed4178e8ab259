// Web Storage that never throws. Safari private mode, sandboxed iframes and disabled
// cookies make localStorage/sessionStorage missing or throwing; we then keep the values in
// memory for this page so the flows still work (they just do not survive a reload).

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** true when values go to the real storage */
  readonly persistent: boolean;
}

function probe(getter: () => Storage | undefined): Storage | null {
  try {
    const s = getter();
    if (!s) return null;
    const k = '__tischlein_probe__';
    s.setItem(k, '1');
    s.removeItem(k);
    return s;
  } catch {
    return null;
  }
}

export function createSafeStorage(getter: () => Storage | undefined): SafeStorage {
  // Only values whose last write did not reach the real storage live here; everything else
  // is read from the real storage, so a clear() elsewhere is not shadowed by stale copies.
  const memory = new Map<string, string>();
  // Resolved lazily on each call: tests (and some embeds) install storage late.
  const real = (): Storage | null => probe(getter);
  return {
    get(key) {
      if (memory.has(key)) return memory.get(key) as string;
      const s = real();
      if (!s) return null;
      try {
        return s.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      const s = real();
      if (s) {
        try {
          s.setItem(key, value);
          memory.delete(key);
          return;
        } catch {
          // quota exceeded: the memory copy stands in
        }
      }
      memory.set(key, value);
    },
    remove(key) {
      memory.delete(key);
      const s = real();
      if (!s) return;
      try {
        s.removeItem(key);
      } catch {
        /* ignore */
      }
    },
    get persistent() {
      return real() !== null;
    },
  };
}

export const local: SafeStorage = createSafeStorage(() =>
  typeof localStorage === 'undefined' ? undefined : localStorage,
);
export const session: SafeStorage = createSafeStorage(() =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage,
);

/** JSON.parse that returns `undefined` instead of throwing. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Storage keys, in one place so tests and other widgets agree. */
export const keys = {
  cart: (shopId: string) => `tischlein:cart:${shopId}`,
  coupon: (shopId: string) => `tischlein:coupon:${shopId}`,
  freeItems: (shopId: string) => `tischlein:freeItems:${shopId}`,
  /** the remembered address and zone (address widget) */
  address: (shopId: string) => `tischlein:address:${shopId}`,
  /** '1' once the info dialog opened by itself in this tab (sessionStorage) */
  infoDialog: (shopId: string) => `tischlein:info-dialog:${shopId}`,
  serveAt: (shopId: string) => `tischlein:serveAt:${shopId}`,
  /** the checkout form's remembered fields (localStorage) */
  checkoutForm: (shopId: string) => `tischlein:checkout:${shopId}`,
  /** the running checkout attempt and payment (sessionStorage: survives the payment redirect) */
  checkoutAttempt: (shopId: string) => `tischlein:checkoutAttempt:${shopId}`,
  /** a payment failure to show on the form after coming back */
  checkoutNotice: (shopId: string) => `tischlein:checkoutNotice:${shopId}`,
  showNevertheless: 'tischlein:showNevertheless',
  age: 'tischlein:age',
  table: 'tischlein:table',
  sessionId: 'tischlein:sessionId',
  visitCount: 'tischlein:visitCount',
  /** the guest's analytics answer in the shell's banner: 'granted' | 'denied' */
  consent: (shopId: string) => `tischlein:consent:${shopId}`,
  devMode: 'dev-mode',
  /** the guest's group order {groupId, memberId, userId, role} (localStorage; @shared/group) */
  group: (shopId: string) => `tischlein:group:${shopId}`,
  /** this browser's own group user id (localStorage; @shared/group) */
  groupUser: 'tischlein:groupUser',
  /** an order placed outside a group that a group could have had (the reminder; @shared/group) */
  missedGroupOrder: (shopId: string) => `tischlein:missedGroupOrder:${shopId}`,
  /** the waiter session's end (sessionStorage; @shared/table; the cookie is the proof) */
  waiter: 'tischlein:waiter',
} as const;
