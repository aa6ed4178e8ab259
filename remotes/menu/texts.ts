// Texts of the menu widget. Verbatim where the spec gives the
// words; the rest (marked "own") are ours, see docs/decisions.md "Menu widget". These are the first
// view's; the dialogs' texts are in components/texts.ts (loaded with the dialogs); texts that
// shared rules use are in @shared/i18n.

export const MENU_LOADING = 'Speisekarte wird geladen …';
export const MENU_LOAD_FAILED = 'Die Speisekarte konnte nicht geladen werden.';
export const MENU_RETRY = 'Erneut versuchen';

// a dish's info button (own)
export const INFO_BUTTON = (dish: string) => `Informationen zu ${dish}`;

// two-for-one: the choice was taken (own)
export const TWO_FOR_ONE_SAVED = 'Dein Rabatt wurde übernommen.';

// sections, navigation, filter and search (own)
export const SECTION_DEALS = 'Angebote';
export const SECTION_MENUS = 'Menüs';
export const NAV_CATEGORIES = 'Kategorien';
export const SCROLL_TOP = 'Nach oben';
export const menuFrom = (price: string) => `ab ${price}`;
export const SEARCH_LABEL = 'Gericht oder Nummer suchen';
export const FILTER_LABEL = 'Filter';
export const DIET_FILTER_LABELS = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarisch',
  glutenFree: 'Ohne Gluten',
  milkFree: 'Ohne Milch',
  nutFree: 'Ohne Nüsse',
} as const;
export const NO_DISHES_FOUND = 'Keine passenden Gerichte gefunden.';
export const RESET_FILTER = 'Filter zurücksetzen';
export const dishesFound = (n: number) => (n === 1 ? '1 Gericht gefunden' : `${n} Gerichte gefunden`);
export const selectDish = (dish: string) => `${dish} auswählen`;
export const PAYMENT_METHODS_LABEL = 'Zahlungsarten';
// the tags' names: @shared/i18n (the staff app's menu editor names them the same)
export { TAG_NAMES } from '@shared/i18n';
