// The texts of the menu's dialogs, loaded with the dialogs; the
// menu's own first-view texts are in ../texts. Verbatim where the spec gives the words; the rest
// (marked "own") are ours, see docs/decisions.md "Menu widget".
export { TWO_FOR_ONE_DIALOG_TITLE, TWO_FOR_ONE_NO_OPTION, formatEuro } from '@shared/i18n';
import { UI_TEXT } from '@shared/ui';
export const UI_QUANTITY = UI_TEXT.quantity;

// buttons (spec)
export const BTN_ORDER = 'BESTELLEN';
export const BTN_OK = 'OK';
export const BTN_CANCEL = 'ABBRECHEN';
export const BTN_ADD_TO_CART = 'IN DEN WARENKORB';
export const BTN_SAVE = 'SPEICHERN';
export const BTN_BACK = 'ZURÜCK';
export const BTN_NEXT = 'WEITER';

// customise dish (spec)
export const WITHOUT_TITLE = 'Bitte Ohne';
export const EXTRAS_TITLE = 'EXTRAS';
export const SHOW_MORE = 'Mehr anzeigen';
export const SHOW_LESS = 'Weniger anzeigen';
export const INDIVIDUAL_COMBINATION = 'Individuelle Kombination';
/** own: the spec names only the other option */
export const popularCombination = (items: string) => `Beliebte Kombination: ${items}`;
/** own */
export const SIZE_TITLE = 'Größe';
export const EXTRA_FREE = 'inklusive';
export const freeIngredientsHint = (n: number) => (n === 1 ? '1 Extra-Zutat inklusive' : `${n} Extra-Zutaten inklusive`);
export const twoForOneTip = (label: string, title: string) => `${label}: ${title}`;

// customise menu (spec: '1. {slot name}')
export const slotTab = (index: number, name: string) => `${index}. ${name}`;
/** own */
export const SLOT_DISH_LABEL = 'Gericht';
export const slotSizeText = (size: string) => `Größe: ${size}`;

// dish info (own headings; the spec names the parts)
export const INFO_NUTRITION = 'Nährwerte (pro 100 g bzw. 100 ml)';
export const INFO_MAIN_INGREDIENTS = 'Hauptzutaten';
export const INFO_DECLARATIONS = 'Zusatzstoffe und Allergene';
export const INFO_ADDITIVES = 'Zusatzstoffe';
export const INFO_ALLERGENS = 'Allergene';
export const INFO_MAIN_COMPONENTS = 'Hauptbestandteile';
export const INFO_EXTRA_ALLERGENS = 'Allergene der Extra-Zutaten';
export const NUTRIENT_LABELS = {
  energy: 'Brennwert',
  fat: 'Fett',
  saturatedFat: 'davon gesättigte Fettsäuren',
  carbohydrates: 'Kohlenhydrate',
  sugar: 'davon Zucker',
  protein: 'Eiweiß',
  salt: 'Salz',
} as const;
/** spec: the statement that the product packaging is binding (wording own) */
export const LIABILITY_PACKAGING =
  'Die Nährwertangaben sind Durchschnittswerte. Verbindlich sind die Angaben auf der Produktverpackung.';
/** spec: trace-allergen notice naming gluten, milk, egg, celery, peanut and nuts (wording own) */
export const LIABILITY_TRACES =
  'Trotz sorgfältiger Zubereitung können alle Gerichte Spuren von Allergenen enthalten, insbesondere von Gluten, Milch, Ei, Sellerie, Erdnüssen und Nüssen.';

// shop closed (spec; the words of the closed wording itself are in @shared/i18n)
export const SHOW_NEVERTHELESS = 'Gericht/Menü trotzdem anzeigen';
/** own title of the closed dialog */
export const CLOSED_TITLE = 'Geschlossen';

// dish link
export const DISH_NOT_AVAILABLE_TITLE = 'Gericht nicht verfügbar';
export const dishNotAvailable = (dish: string) =>
  `${dish} ist an diesem Standort leider nicht verfügbar. Suche weiter, um andere köstliche Gerichte zu entdecken!`;

// two-for-one (title and no-option message are in messages.ts)
/** own */
export const keepDishDiscount = (saving: string) => `Rabatt des Gerichts behalten (Du sparst ${saving})`;
export const applyPromotion = (title: string, saving: string) => `${title} nutzen (Du sparst ${saving})`;

// offers (spec 'Angebotsdetails')
export const OFFER_DETAILS_TITLE = 'Angebotsdetails';
/** own */
export const OFFER_COVERS = 'Gilt für';
export const OFFER_INCLUDED = 'Enthaltene Angebote';
export const OFFER_CTA = 'JETZT BESTELLEN';

// age (spec: confirmation dialogs for 16 and 18; wording own)
export const ageTitle = (age: number) => `Ab ${age} Jahren`;
export const ageText = (age: number) =>
  `Dieses Produkt darf nur an Personen ab ${age} Jahren abgegeben werden. Bist Du mindestens ${age} Jahre alt?`;
export const ageConfirm = (age: number) => `JA, ICH BIN ${age}`;
export const AGE_DENY = 'NEIN';
