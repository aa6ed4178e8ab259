// Values remembered for the browser session (sessionStorage, memory fallback).
import { atom } from 'nanostores';
import { parseTableNumber } from '@shared/rules';
import { keys, session } from './storage';

// ---------- coupon code (per shop) ----------

export function readCouponCode(shopId: string): string | null {
  const v = session.get(keys.coupon(shopId));
  return v && v.trim() ? v : null;
}

export function writeCouponCode(shopId: string, code: string | null): void {
  if (code) session.set(keys.coupon(shopId), code);
  else session.remove(keys.coupon(shopId));
}

// ---------- show nevertheless (orders closed) ----------

export const $showNevertheless = atom<boolean>(session.get(keys.showNevertheless) === 'true');

export function setShowNevertheless(value: boolean): void {
  $showNevertheless.set(value);
  if (value) session.set(keys.showNevertheless, 'true');
  else session.remove(keys.showNevertheless);
}

// ---------- age gate (16 / 18) ----------

export type AgeLimit = 16 | 18;

function readAge(): 0 | AgeLimit {
  const v = session.get(keys.age);
  return v === '18' ? 18 : v === '16' ? 16 : 0;
}

/** Highest confirmed age this session; 0 = none. Confirming 18 covers 16. */
export const $ageConfirmed = atom<0 | AgeLimit>(readAge());

export function confirmAge(age: AgeLimit): void {
  const next = Math.max($ageConfirmed.get(), age) as AgeLimit;
  $ageConfirmed.set(next);
  session.set(keys.age, String(next));
}

export function isAgeConfirmed(required: AgeLimit): boolean {
  return $ageConfirmed.get() >= required;
}

// ---------- table number ----------

function readTable(): number | null {
  return parseTableNumber(session.get(keys.table));
}

// the rule lives in @shared/rules (the server checks table numbers with it too)
export { parseTableNumber };

export const $tableNumber = atom<number | null>(readTable());

/** Sets (or with null clears) the table number; returns false for an invalid value. */
export function setTableNumber(value: number | string | null): boolean {
  if (value === null) {
    $tableNumber.set(null);
    session.remove(keys.table);
    return true;
  }
  const n = parseTableNumber(value);
  if (n === null) return false;
  $tableNumber.set(n);
  session.set(keys.table, String(n));
  return true;
}

/** Re-reads every session value (tests; a widget mounted after another tab changed them). */
export function reloadSessionValues(): void {
  $showNevertheless.set(session.get(keys.showNevertheless) === 'true');
  $ageConfirmed.set(readAge());
  $tableNumber.set(readTable());
}

// ---------- tracking session id ----------

export function getSessionId(): string {
  let id = session.get(keys.sessionId);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    session.set(keys.sessionId, id);
  }
  return id;
}
