// Developer flags from localStorage 'dev-mode'.
import { atom } from 'nanostores';
import { keys, local, parseJson } from './storage';

export interface DevFlags {
  autoOpenSidebar: boolean;
  hideTopWelcome: boolean;
  rorderLink: boolean;
  isFranchiseOverview: boolean;
  verticalMenu: boolean;
  showDishNumbers: boolean;
  showDishPictures: boolean;
  showExtraPrices: boolean;
  showLogin: boolean;
  showCheckoutNavigation: boolean;
  trackEventsOnConsole: boolean;
  automaticPollGroupOrder: boolean;
  /** any other flag, default false */
  [flag: string]: boolean;
}

export const DEFAULT_DEV_FLAGS: Readonly<DevFlags> = Object.freeze({
  autoOpenSidebar: false,
  hideTopWelcome: false,
  rorderLink: false,
  isFranchiseOverview: false,
  verticalMenu: false,
  showDishNumbers: false,
  showDishPictures: false,
  showExtraPrices: false,
  showLogin: false,
  showCheckoutNavigation: false,
  trackEventsOnConsole: true,
  automaticPollGroupOrder: true,
});

/** Parses the stored JSON; anything that is not a boolean flag is ignored. */
export function parseDevFlags(raw: string | null): DevFlags {
  const flags: DevFlags = { ...DEFAULT_DEV_FLAGS };
  const parsed = parseJson(raw);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return flags;
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === 'boolean' && name !== '__proto__' && name !== 'constructor' && name !== 'prototype') {
      flags[name] = value;
    }
  }
  return flags;
}

export const $devFlags = atom<DevFlags>(parseDevFlags(local.get(keys.devMode)));

export function devFlag(name: string): boolean {
  return $devFlags.get()[name] === true;
}

export function setDevFlags(patch: Partial<DevFlags>): void {
  const next = { ...$devFlags.get(), ...patch } as DevFlags;
  $devFlags.set(next);
  local.set(keys.devMode, JSON.stringify(next));
}

export function reloadDevFlags(): void {
  $devFlags.set(parseDevFlags(local.get(keys.devMode)));
}

// ---------- dev counters (discount calculations, timings, log) ----------

export interface DevLogEntry {
  time: number;
  name: string;
}

export const $devStats = atom<{ discountCalculations: number; discountTimeMs: number; log: DevLogEntry[] }>({
  discountCalculations: 0,
  discountTimeMs: 0,
  log: [],
});

export function recordDiscountCalculation(ms: number): void {
  const s = $devStats.get();
  $devStats.set({ ...s, discountCalculations: s.discountCalculations + 1, discountTimeMs: s.discountTimeMs + ms });
}

export function devLog(name: string): void {
  const s = $devStats.get();
  $devStats.set({ ...s, log: [...s.log.slice(-199), { time: Date.now(), name }] });
}
