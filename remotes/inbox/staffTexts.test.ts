// The staff app speaks to the owner and the staff in one voice: the owner's pages say 'Sie', the
// counter's short messages are neutral ('Bitte … eingeben'). No staff text says 'du' — it did in a
// few error messages ('Bitte gib …', 'Bitte melde Dich an.') beside the editor's 'Wählen Sie …'.
// (The guest's texts, e.g. 'Voraussichtlich bei Dir um 19:45', say 'Du' as the spec does.)
import { describe, expect, it } from '@jest/globals';
import { INBOX_TEXTS } from '@shared/inbox';
import { LOOK_TEXTS } from '@shared/look/contrast';
import { COUPON_TEXTS, MENU_EDIT_TEXTS } from '@shared/menuedit';
import { GUEST_OPS_TEXTS, OPS_TEXTS } from '@shared/ops';
import { EMBED_TEXTS } from '@shared/settings/embed';
import { HOURS_TEXTS } from '@shared/settings/hours';
import { SHOP_INFO_TEXTS } from '@shared/settings/shopInfo';
import { EDITOR_TEXTS } from './menu-editor/texts';

const DU = /\b(du|dich|dir|dein\w*|gib|wähle|melde|prüfe|versuche|änderst|kannst|musst|hast)\b/i;

/** Every string of a texts object (functions called with sample arguments) */
function strings(texts: Record<string, unknown>, skip: readonly string[] = []): [string, string][] {
  return Object.entries(texts)
    .filter(([k]) => !skip.includes(k))
    .flatMap(([k, v]): [string, string][] => {
      if (typeof v === 'string') return [[k, v]];
      if (typeof v === 'function') return [[k, String((v as (...a: unknown[]) => unknown)(1, 2, '12:00'))]];
      if (v && typeof v === 'object') return strings(v as Record<string, unknown>).map(([kk, s]) => [`${k}.${kk}`, s]);
      return [];
    });
}

describe('the staff app never says “du”', () => {
  it.each([
    ['INBOX_TEXTS', INBOX_TEXTS, []],
    ['OPS_TEXTS (without the guest’s)', OPS_TEXTS, Object.keys(GUEST_OPS_TEXTS)],
    ['EDITOR_TEXTS', EDITOR_TEXTS, []],
    ['MENU_EDIT_TEXTS', MENU_EDIT_TEXTS, []],
    ['COUPON_TEXTS', COUPON_TEXTS, []],
    ['LOOK_TEXTS', LOOK_TEXTS, []],
    ['HOURS_TEXTS', HOURS_TEXTS, []],
    ['SHOP_INFO_TEXTS', SHOP_INFO_TEXTS, []],
    ['EMBED_TEXTS', EMBED_TEXTS, []],
  ] as [string, Record<string, unknown>, string[]][])('%s', (_name, texts, skip) => {
    const du = strings(texts, skip).filter(([, s]) => DU.test(s));
    expect(du).toEqual([]);
  });
});
