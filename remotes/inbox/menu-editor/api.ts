// The menu editor's calls (docs/api.md "Staff API" → "Speisekarte") through the staff app's caller.
import type { Catalog } from '@shared/domain';
import type { CouponForm } from '@shared/menuedit';
import type { MenuDraft, MenuPublishResult, MenuVersionInfo } from '@shared/menuedit/api';
import { staffBase, staffCaller, StaffApiError } from '../api';

export type { MenuDraft as DraftAnswer, MenuPublishResult as PublishAnswer, MenuVersionInfo as VersionInfo } from '@shared/menuedit/api';

/** A refused call: the German message, the HTTP status, and for a refused draft each field's message by path */
export class MenuApiError extends StaffApiError {
  constructor(
    status: number,
    message: string,
    readonly problems: { path: string; message: string }[] = [],
  ) {
    super(status, message);
  }
}

const isProblem = (p: unknown): p is { path: string; message: string } =>
  typeof p === 'object' && p !== null && typeof (p as { path?: unknown }).path === 'string' && typeof (p as { message?: unknown }).message === 'string';

const toMenuError = (status: number, message: string, body: Record<string, unknown>) =>
  new MenuApiError(status, message, Array.isArray(body.problems) ? body.problems.filter(isProblem) : []);

export function menuApi(shopId: string) {
  const base = `${staffBase(shopId)}/menu`;
  const call = staffCaller(base, {
    offlineMessage: 'Keine Verbindung zum Server. Ihre Änderungen sind noch hier – bitte gleich noch einmal versuchen.',
    toError: toMenuError,
  });
  return {
    previewUrl: (revision: number) => `${base}/preview?r=${revision}`,
    mediaUrl: (imageName: string) => `/media/${encodeURIComponent(shopId)}/${encodeURIComponent(imageName)}/378x192.webp`,
    draft: () => call<MenuDraft>('GET', '/draft'),
    save: (revision: number, catalog: Catalog) => call<MenuDraft>('PUT', '/draft', { revision, catalog }),
    publish: (revision: number) => call<MenuPublishResult>('POST', '/publish', { revision }),
    versions: () => call<{ versions: MenuVersionInfo[] }>('GET', '/versions'),
    restore: (version: number, revision: number) => call<MenuPublishResult>('POST', `/versions/${version}/restore`, { revision }),
    upload: (file: File) => call<{ imageName: string }>('POST', '/images', file),
  };
}
export type MenuApi = ReturnType<typeof menuApi>;

/** A coupon as the owner's list shows it: how often it was redeemed, and whether an open order holds it */
export interface CouponRow extends CouponForm {
  uses: number;
  reserved: boolean;
}

/** 'Gutscheine' (docs/api.md "Staff API" → coupons): saved at once; a refused one keeps each field's message */
export function couponsApi(shopId: string) {
  const call = staffCaller(`${staffBase(shopId)}/coupons`, { toError: toMenuError });
  return {
    list: () => call<{ coupons: CouponRow[] }>('GET', ''),
    save: (coupon: CouponForm) => call<{ coupon: CouponForm }>('PUT', '', coupon),
    remove: (code: string) => call<unknown>('DELETE', `/${encodeURIComponent(code)}`),
  };
}
