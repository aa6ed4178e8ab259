// Web Storage that never throws. Safari private mode, sandboxed iframes and disabled
// cookies make localStorage/sessionStorage missing or throwing; we then keep the values in
// memory for this page so the flows still work (they just do not survive a reload).

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** true when the real storage is there and the last write reached it */
  readonly persistent: boolean;
}

/** The real storage, or null where touching it throws (sandboxed iframes, disabled cookies). */
function reach(getter: () => Storage | undefined): Storage | null {
  try {
    return getter() ?? null;
  } catch {
    return null;
  }
}

let namespace = '';

/**
 * The menu editor's 'Vorschau' runs on the shop's own origin: its cart, coupon, serve time … go
 * under keys of their own (every key gets `prefix`), so trying the draft never touches a guest's
 * real cart in the same browser. Called once, before the shop loads.
 */
export function setStorageNamespace(prefix: string): void {
  namespace = prefix;
}

/** The key as it is really stored (a storage event names this one). */
export const storedKey = (key: string): string => namespace + key;

export function createSafeStorage(getter: () => Storage | undefined): SafeStorage {
  // Only values whose last write did not reach the real storage live here; everything else
  // is read from the real storage, so a clear() elsewhere is not shadowed by stale copies.
  const memory = new Map<string, string>();
  // No probe key: every write to the host page's storage fires a storage event in its other
  // tabs, so only the caller's own keys are written; a failing call is caught where it happens.
  let lastWriteFailed = false;
  // Resolved lazily on each call: tests (and some embeds) install storage late.
  const real = (): Storage | null => reach(getter);
  return {
    get(name) {
      const key = storedKey(name);
      if (memory.has(key)) return memory.get(key) as string;
      try {
        return real()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(name, value) {
      const key = storedKey(name);
      try {
        const s = real();
        if (s) {
          s.setItem(key, value);
          memory.delete(key);
          lastWriteFailed = false;
          return;
        }
      } catch {
        // quota exceeded or storage refused: the memory copy stands in
      }
      lastWriteFailed = true;
      memory.set(key, value);
    },
    remove(name) {
      const key = storedKey(name);
      memory.delete(key);
      try {
        real()?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
    get persistent() {
      return !lastWriteFailed && real() !== null;
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
