// The staff API's settings (docs/api.md "Staff API: settings"): same origin, the session cookie.
import type { ShopLook } from '@shared/look/contrast';
import type { HoursSection } from '@shared/settings/hours';
import { StaffApiError } from '../api';

export type StoredLook = ShopLook & { onPrimary: string };

/** A refused save: the German message of each field */
export class SettingsError extends StaffApiError {
  constructor(status: number, message: string, readonly fields: Record<string, string>) {
    super(status, message);
  }
}

export function settingsApi(base: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; fields?: Record<string, string> };
    if (!res.ok) throw new SettingsError(res.status, data.message ?? `Fehler ${res.status}`, data.fields ?? {});
    return data;
  };
  return {
    look: () => call<{ look: StoredLook }>('GET', '/settings/look'),
    saveLook: (look: ShopLook) => call<{ look: StoredLook }>('PUT', '/settings/look', look),
  };
}
export type SettingsApi = ReturnType<typeof settingsApi>;

export function hoursApi(base: string) {
  const call = async <T>(method: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/settings/hours`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; fields?: Record<string, string> };
    if (!res.ok) throw new SettingsError(res.status, data.message ?? `Fehler ${res.status}`, data.fields ?? {});
    return data;
  };
  return {
    get: () => call<{ hours: HoursSection }>('GET'),
    save: (hours: HoursSection) => call<{ hours: HoursSection }>('PUT', hours),
  };
}
