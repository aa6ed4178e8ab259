// The staff API's settings (docs/api.md "Staff API: settings"): same origin, the session cookie.
import type { ShopLook } from '@shared/look/contrast';
import type { HoursSection } from '@shared/settings/hours';
import type { ShopInfoSection } from '@shared/settings/shopInfo';
import { StaffApiError, staffCaller } from '../api';

export type StoredLook = ShopLook & { onPrimary: string };

/** A refused save: the German message of each field */
export class SettingsError extends StaffApiError {
  constructor(status: number, message: string, readonly fields: Record<string, string>) {
    super(status, message);
  }
}

/** A refused import: one German line per problem, with the field's path */
export class ImportError extends StaffApiError {
  constructor(status: number, message: string, readonly problems: string[]) {
    super(status, message);
  }
}

/**
 * The settings sections' calls through the staff app's one caller: a refusal with `problems` (the
 * import) is an ImportError, any other one a SettingsError with each field's German message.
 */
function settingsCaller(base: string) {
  return staffCaller(base, {
    toError: (status, message, body) =>
      Array.isArray(body.problems)
        ? new ImportError(status, message, body.problems.filter((p): p is string => typeof p === 'string'))
        : new SettingsError(status, message, isFields(body.fields) ? body.fields : {}),
  });
}

const isFields = (f: unknown): f is Record<string, string> =>
  typeof f === 'object' && f !== null && !Array.isArray(f) && Object.values(f).every((v) => typeof v === 'string');

export function settingsApi(base: string) {
  const call = settingsCaller(base);
  return {
    look: () => call<{ look: StoredLook }>('GET', '/settings/look'),
    saveLook: (look: ShopLook) => call<{ look: StoredLook }>('PUT', '/settings/look', look),
  };
}
export type SettingsApi = ReturnType<typeof settingsApi>;

/** A section saved whole: GET and PUT at `path`, the answer `{ [key]: section }` */
function sectionApi<K extends string, S>(base: string, path: string) {
  const call = settingsCaller(base);
  return {
    get: () => call<Record<K, S>>('GET', path),
    save: (section: S) => call<Record<K, S>>('PUT', path, section),
  };
}

/** 'Öffnungszeiten' (docs/api.md "Staff API: settings") */
export const hoursApi = (base: string) => sectionApi<'hours', HoursSection>(base, '/settings/hours');

export interface EmbedInfo {
  publicOrigin: string;
  script: string;
  widgets: { id: string; label: string; snippet: string }[];
  origins: string[];
  httpsOnly: boolean;
}

/** 'Einbinden' and the shop's import/export (docs/api.md "Staff API: settings") */
export function embedApi(base: string) {
  const call = settingsCaller(base);
  return {
    info: () => call<EmbedInfo>('GET', '/settings/embed'),
    saveOrigins: (origins: string[]) => call<{ origins: string[] }>('PUT', '/settings/origins', { origins }),
    seen: (url: string) => call<{ origin: string; lastSeenAt: string | null }>('GET', `/settings/embed/seen?url=${encodeURIComponent(url)}`),
    exportUrl: `${base}/settings/export`,
    // the file's text as it is: the server parses it and names each problem with its path
    importFile: (text: string) => call<{ imported: true; newVersion: boolean }>('POST', '/settings/import', new Blob([text], { type: 'application/json' })),
  };
}

/** 'Zahlung & Seiten' (docs/api.md "Staff API: settings") */
export const shopInfoApi = (base: string) => sectionApi<'shop', ShopInfoSection>(base, '/settings/shop');
