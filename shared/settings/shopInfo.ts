// The owner's 'Zahlung & Seiten' (staff app): payment methods per delivery type with the pickup
// minimums, the legal pages (Impressum, Datenschutz, AGB), 'Über uns' and the spec's shop flags.
// Pure: the staff app shows each problem at its field; the server refuses a save with the same rule
// (and then the import's schema checks the whole config). Units as in the config: minimums in euro.
import { PAYMENT_METHODS, type PaymentMethod, type ShopFlags } from '@shared/domain/shop';

/** The pages this section edits (other pages of the data file stay as they are) */
export const LEGAL_PAGES = [
  { id: 'impressum', name: 'Impressum', title: 'Impressum' },
  { id: 'datenschutz', name: 'Datenschutz', title: 'Datenschutzerklärung' },
  { id: 'agb', name: 'AGB', title: 'Allgemeine Geschäftsbedingungen' },
] as const;
export type LegalPageId = (typeof LEGAL_PAGES)[number]['id'];

/** The flags the owner sets here (delivery/pickup are in 'Öffnungszeiten', the franchise overview is the platform's) */
export const OWNER_FLAGS = ['enableDishPictures', 'showDishNumbers', 'enableLogin', 'enableReservations'] as const;
export type OwnerFlag = (typeof OWNER_FLAGS)[number];

export interface ShopInfoSection {
  paymentMethods: PaymentMethod[];
  paymentMethodsOnlyPickup: PaymentMethod[];
  paymentMethodsOnlyDelivery: PaymentMethod[];
  /** euro per method (config units); missing or 0 = none */
  paymentMethodsPickupMinimumOrderValue: Partial<Record<PaymentMethod, number>>;
  /** paragraphs per legal page */
  pages: Record<LegalPageId, string[]>;
  about: string[];
  flags: Record<OwnerFlag, boolean>;
}

export const SHOP_INFO_TEXTS = {
  noPayment: 'Bitte mindestens eine Zahlungsart anbieten.',
  bothOnly: 'Eine Zahlungsart kann nicht „nur Abholung“ und „nur Lieferung“ zugleich sein.',
  notOffered: 'Diese Zahlungsart ist nicht angeboten.',
  minimum: 'Bitte einen Betrag in Euro angeben, z. B. 10,00 (leer oder 0: kein Mindestwert).',
  impressum: 'Das Impressum ist Pflicht: Bitte Anbieter, Anschrift und Kontakt angeben.',
  tooLong: 'Höchstens 20.000 Zeichen.',
};

const MAX_PAGE_CHARS = 20_000;
const length = (paragraphs: string[]) => paragraphs.reduce((n, p) => n + p.length, 0);

/** Every problem of the section, by the field's path in the config (empty: it may be saved) */
export function shopInfoProblems(s: ShopInfoSection): Record<string, string> {
  const out: Record<string, string> = {};
  if (s.paymentMethods.length === 0) out.paymentMethods = SHOP_INFO_TEXTS.noPayment;
  for (const m of s.paymentMethodsOnlyPickup) {
    if (s.paymentMethodsOnlyDelivery.includes(m)) out[`paymentMethodsOnlyPickup.${m}`] = SHOP_INFO_TEXTS.bothOnly;
  }
  for (const [list, key] of [[s.paymentMethodsOnlyPickup, 'paymentMethodsOnlyPickup'], [s.paymentMethodsOnlyDelivery, 'paymentMethodsOnlyDelivery']] as const) {
    for (const m of list) if (!s.paymentMethods.includes(m)) out[`${key}.${m}`] ??= SHOP_INFO_TEXTS.notOffered;
  }
  for (const [m, euro] of Object.entries(s.paymentMethodsPickupMinimumOrderValue)) {
    if (typeof euro !== 'number' || !Number.isFinite(euro) || euro < 0 || Math.round(euro * 100) !== Number((euro * 100).toFixed(6)) || euro > 100_000) {
      out[`paymentMethodsPickupMinimumOrderValue.${m}`] = SHOP_INFO_TEXTS.minimum;
    }
  }
  if (!s.pages.impressum.some((p) => p.trim())) out['pages.impressum'] = SHOP_INFO_TEXTS.impressum;
  for (const p of LEGAL_PAGES) if (length(s.pages[p.id]) > MAX_PAGE_CHARS) out[`pages.${p.id}`] = SHOP_INFO_TEXTS.tooLong;
  if (length(s.about) > MAX_PAGE_CHARS) out.about = SHOP_INFO_TEXTS.tooLong;
  return out;
}

/** Text of a textarea → paragraphs (a blank line separates them) */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}

export { PAYMENT_METHODS };
export type { ShopFlags };
