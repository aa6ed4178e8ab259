// The staff API's settings (docs/api.md "Staff API: settings"): same origin, the session cookie.
import type { ShopLook } from '@shared/look/contrast';
import type { HoursSection } from '@shared/settings/hours';
import type { ShopInfoSection } from '@shared/settings/shopInfo';
import { failedText, StaffApiError, staffFetch } from '../api';

export type StoredLook = ShopLook & { onPrimary: string };

/** A refused save: the German message of each field */
export class SettingsError extends StaffApiError {
  constructor(status: number, message: string, readonly fields: Record<string, string>) {
    super(status, message);
  }
}

/** One settings call: JSON in and out, a refused save as SettingsError with each field's German message */
function settingsCaller(base: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await staffFetch(`${base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; fields?: Record<string, string> };
    if (!res.ok) throw new SettingsError(res.status, data.message ?? failedText(res.status), data.fields ?? {});
    return data;
  };
}

export function settingsApi(base: string) {
  const call = settingsCaller(base);
  return {
    look: () => call<{ look: StoredLook }>('GET', '/settings/look'),
    saveLook: (look: ShopLook) => call<{ look: StoredLook }>('PUT', '/settings/look', look),
  };
}
export type SettingsApi = ReturnType<typeof settingsApi>;

export function hoursApi(base: string) {
  const send = settingsCaller(base);
  const call = <T>(method: string, body?: unknown): Promise<T> => send<T>(method, '/settings/hours', body);
  return {
    get: () => call<{ hours: HoursSection }>('GET'),
    save: (hours: HoursSection) => call<{ hours: HoursSection }>('PUT', hours),
  };
}

export interface EmbedInfo {
  publicOrigin: string;
  script: string;
  widgets: { id: string; label: string; snippet: string }[];
  origins: string[];
  httpsOnly: boolean;
}

/** A refused import: one German line per problem, with the field's path */
export class ImportError extends StaffApiError {
  constructor(status: number, message: string, readonly problems: string[]) {
    super(status, message);
  }
}

/** 'Einbinden' and the shop's import/export (docs/api.md "Staff API: settings") */
export function embedApi(base: string) {
  const call = async <T>(method: string, path: string, body?: unknown, raw?: string): Promise<T> => {
    const res = await staffFetch(`${base}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined && raw === undefined ? {} : { 'Content-Type': 'application/json' },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; fields?: Record<string, string>; problems?: string[] };
    if (!res.ok && data.problems) throw new ImportError(res.status, data.message ?? failedText(res.status), data.problems);
    if (!res.ok) throw new SettingsError(res.status, data.message ?? failedText(res.status), data.fields ?? {});
    return data;
  };
  return {
    info: () => call<EmbedInfo>('GET', '/settings/embed'),
    saveOrigins: (origins: string[]) => call<{ origins: string[] }>('PUT', '/settings/origins', { origins }),
    seen: (url: string) => call<{ origin: string; lastSeenAt: string | null }>('GET', `/settings/embed/seen?url=${encodeURIComponent(url)}`),
    exportUrl: `${base}/settings/export`,
    importFile: (text: string) => call<{ imported: true; newVersion: boolean }>('POST', '/settings/import', undefined, text),
  };
}

/** 'Zahlung & Seiten' (docs/api.md "Staff API: settings") */
export function shopInfoApi(base: string) {
  const send = settingsCaller(base);
  const call = <T>(method: string, body?: unknown): Promise<T> => send<T>(method, '/settings/shop', body);
  return {
    get: () => call<{ shop: ShopInfoSection }>('GET'),
    save: (shop: ShopInfoSection) => call<{ shop: ShopInfoSection }>('PUT', shop),
  };
}
