// The menu editor's calls (docs/api.md "Staff API" → "Speisekarte"), same origin, the session cookie.
import type { Catalog } from '@shared/domain';

export interface DraftAnswer {
  revision: number;
  catalog: Catalog;
  updatedAt: string | null;
  updatedBy: string | null;
  published: { version: number; label: string };
  changed: boolean;
}
export interface PublishAnswer { version: number; label: string; unchanged: boolean }
export interface VersionInfo { version: number; label: string; createdAt: string; createdBy: string | null; published: boolean }

/** A refused call: the German message, the HTTP status, and for a refused draft each field's message by path */
export class MenuApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export function menuApi(shopId: string) {
  const base = `/api/staff/${encodeURIComponent(shopId)}/menu`;
  const call = async <T>(path: string, init: { method?: string; json?: unknown; body?: Blob; type?: string } = {}): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        credentials: 'same-origin',
        headers: init.json !== undefined ? { 'Content-Type': 'application/json' } : init.type ? { 'Content-Type': init.type } : {},
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
    } catch {
      throw new MenuApiError(0, 'Keine Verbindung zum Server. Ihre Änderungen sind noch hier – bitte gleich noch einmal versuchen.');
    }
    const data = (await res.json().catch(() => ({}))) as T & { message?: string; problems?: { path: string; message: string }[] };
    if (!res.ok) throw new MenuApiError(res.status, data.message ?? `Fehler ${res.status}`, data.problems ?? []);
    return data;
  };
  return {
    previewUrl: (revision: number) => `${base}/preview?r=${revision}`,
    mediaUrl: (imageName: string) => `/media/${encodeURIComponent(shopId)}/${encodeURIComponent(imageName)}/378x192.webp`,
    draft: () => call<DraftAnswer>('/draft'),
    save: (revision: number, catalog: Catalog) => call<DraftAnswer>('/draft', { method: 'PUT', json: { revision, catalog } }),
    publish: (revision: number) => call<PublishAnswer>('/publish', { method: 'POST', json: { revision } }),
    versions: () => call<{ versions: VersionInfo[] }>('/versions'),
    restore: (version: number, revision: number) => call<PublishAnswer>(`/versions/${version}/restore`, { method: 'POST', json: { revision } }),
    upload: (file: File) => call<{ imageName: string }>('/images', { method: 'POST', body: file, type: file.type || 'application/octet-stream' }),
  };
}
export type MenuApi = ReturnType<typeof menuApi>;
