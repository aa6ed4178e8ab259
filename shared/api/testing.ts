// Test helpers (not exported from index): a valid Bootstrap, a routable fake fetch, hand-driven timers.
// Import as '@shared/api/testing' from tests only.
import type { Bootstrap } from '@shared/domain';

export function bootstrapFixture(): Bootstrap {
  return {
    config: {
      id: 'demo',
      restaurantName: 'Pizzeria Demo',
      restaurantStreet: 'Hauptstraße 1',
      restaurantZip: '10115',
      restaurantCity: 'Berlin',
      latitude: 52.53,
      longitude: 13.38,
      phone: '030 123456',
      title: 'Pizzeria Demo',
      header: null,
      headerMobile: null,
      logo: null,
      logoMobile: null,
      franchiseId: null,
      slug: null,
      theme: { '--tl-primary': '#b1361e' },
      pages: [],
      news: [],
      about: [],
      jobEntries: [],
      flags: {
        supportDelivery: true,
        supportPickup: true,
        enableReservations: false,
        enableDishPictures: true,
        enableLogin: false,
        showDishNumbers: false,
        isFranchiseOverview: false,
      },
      paymentMethods: ['offline', 'PayPal_Platform'],
      paymentMethodsOnlyPickup: [],
      paymentMethodsOnlyDelivery: [],
      paymentMethodsPickupMinimumOrderValue: {},
      hiddenTags: [],
      openingTimes: [{ dayIndex: 0, from: '11:00', to: '22:00' }],
      deliveryTimes: [],
      specialOpeningTimes: [],
      deliveryZones: [],
      timeZone: 'Europe/Berlin',
    },
    catalog: {
      categories: [{ id: 'c1', name: 'Pizza', description: null, imageName: null, dishes: ['d1'] }],
      dishes: [
        {
          id: 'd1',
          name: 'Margherita',
          number: '1',
          subtext: null,
          category: 'c1',
          sizes: [{ id: 's1', name: 'Klein', description: null }],
          prices: [{ sizeId: 's1', price: 750, deposit: 0 }],
          isDrink: false,
          freeIngredients: 0,
          primaryIngredients: [],
          secondaryIngredients: [],
          primarySubDishes: [],
          secondarySubDishes: [],
          extraIngredientGroups: [],
          sideDishGroups: [],
          popularExtraCombination: [],
          declarations: [],
          tags: ['vegetarian'],
          negTags: [],
          imageName: null,
          description: null,
          twoForOnePromotionId: null,
        },
      ],
      ingredients: [],
      declarations: [],
      menus: [],
      discounts: [],
      twoForOnePromotions: [],
      offers: [],
    },
    deliveryPeriod: {
      insideOpenHours: true,
      acceptOrders: true,
      allowOrders: true,
      allowDelivery: true,
      allowPickup: true,
      time: '12:30',
      pickupTime: '12:45',
      customerInfo: null,
      enablePreOrder: false,
      allowASAP: { pickup: true, delivery: true },
      validServeTimes: { delivery: [], pickup: [] },
      openingTimes: [],
      deliveryTimes: [],
      specialOpeningTimes: [],
      sticker: null,
      dayIndex: 2,
      dayOfWeek: 'Mittwoch',
      realtime: true,
      minOffset: 750,
      nextOpeningTimeString: null,
      specialClosedMessage: null,
      openInMinutes: null,
      openAt: null,
    },
    franchise: null,
  };
}

export interface FakeCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FakeHandler = (call: FakeCall, signal: AbortSignal | null | undefined) => Response | Promise<Response>;

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that records calls and answers through `handler`. */
export function fakeFetch(handler: FakeHandler): typeof fetch & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const f = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const call: FakeCall = {
      url: String(input),
      method: (init.method ?? 'GET').toUpperCase(),
      headers,
      body,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call, init.signal);
  }) as typeof fetch & { calls: FakeCall[] };
  f.calls = calls;
  return f;
}

/** An in-memory Storage (for node tests). */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? (this.map.get(key) as string) : null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

const stubbedGlobals = new Map<string, PropertyDescriptor | undefined>();

/** Replaces a global (fetch, sessionStorage, …) until unstubAllGlobals(); Jest has no stubGlobal. */
export function stubGlobal(name: string, value: unknown): void {
  if (!stubbedGlobals.has(name)) stubbedGlobals.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: true });
}

/** Puts back every global replaced by stubGlobal(). */
export function unstubAllGlobals(): void {
  for (const [name, original] of stubbedGlobals) {
    if (original) Object.defineProperty(globalThis, name, original);
    else delete (globalThis as Record<string, unknown>)[name];
  }
  stubbedGlobals.clear();
}

/** A hand-driven timer queue for pollers: `fire()` runs the next timer and lets the promise chain settle. */
export function manualTimers() {
  const queue: { fn: () => void; ms: number }[] = [];
  return {
    queue,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms };
      queue.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = queue.indexOf(t as { fn: () => void; ms: number });
      if (i >= 0) queue.splice(i, 1);
    },
    async fire() {
      const t = queue.shift();
      t?.fn();
      await settle();
      return t;
    },
  };
}

/** Lets pending promise callbacks run (one macrotask). */
export const settle = () => new Promise((r) => setTimeout(r, 0));
