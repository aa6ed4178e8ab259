// The menu editor's German texts: the messages at a field (schema and cross-reference checks)
// and the editor's own labels. The spec has no editor; these are written like the shop's texts.
import { EURO_INPUT_TEXTS } from '@shared/domain/euroInput';

export const MENU_EDIT_TEXTS = {
  // typed prices (the one parser's messages)
  ...EURO_INPUT_TEXTS,
  // schema issues
  nameMissing: 'Bitte einen Namen eingeben.',
  textMissing: 'Bitte ausfüllen.',
  badId: 'Bitte nur Buchstaben, Ziffern und . _ : - verwenden (höchstens 64 Zeichen).',
  wholeNumber: 'Bitte eine ganze Zahl eingeben.',
  atLeast: (n: number) => `Bitte eine ganze Zahl ab ${n} eingeben.`,
  atMost: (n: number) => `Bitte eine Zahl bis ${n} eingeben.`,
  pickOne: 'Bitte einen der angebotenen Werte wählen.',
  unknownField: (key: string) => `Unbekanntes Feld „${key}“.`,
  listNeedsOne: 'Bitte mindestens einen Eintrag anlegen.',
  badValue: 'Dieser Wert ist ungültig.',
  badTime: 'Bitte eine Uhrzeit wie 11:30 eingeben.',
  // cross references
  duplicateId: 'Diese Kennung gibt es schon einmal. Bitte eine andere wählen.',
  unknownCategory: 'Bitte eine vorhandene Kategorie wählen.',
  unknownRef: 'Dieser Eintrag verweist auf etwas, das es nicht (mehr) gibt.',
  pricePerSize: 'Bitte für jede Größe genau einen Preis angeben.',
  sizeWithoutPrice: 'Für diese Größe fehlt der Preis.',
  singlePrice: 'Ein Gericht ohne Größen hat genau einen Preis.',
  minAboveLimit: 'Das Minimum darf nicht größer als die Höchstzahl sein.',
  dishItemNeedsDish: 'Bitte das Gericht wählen, das als Beilage dient.',
  noSuchSize: 'Diese Größe gibt es bei dem Gericht nicht.',
  popularNotSelectable: 'Dieses Extra ist nicht wählbar und kann nicht Teil einer beliebten Kombination sein.',
  percentMax: 'Höchstens 100 Prozent.',
  paidBelowTotal: 'Die bezahlte Menge muss kleiner als die Gesamtmenge sein.',
  freeItemsMissing: 'Ein Gratis-Artikel-Angebot braucht mindestens ein Gericht.',
  slotSizeMissing: 'Dieses Gericht gibt es nicht in der Größe des Menü-Gangs.',
  unstorable: 'Dieses Zeichen kann nicht gespeichert werden.',
  sameTimes: 'Beginn und Ende dürfen nicht gleich sein (ein Ende vor dem Beginn gilt bis nach Mitternacht).',
  // warnings: an offer or a set menu that points into a hidden category
  hiddenCategory: (category: string) =>
    `Die Kategorie „${category}“ ist für Gäste ausgeblendet: Im Angebot sehen sie sie nicht. Blenden Sie sie unter „Gerichte“ wieder ein oder wählen Sie sie hier ab.`,
  hiddenDish: (dish: string, category: string) =>
    `„${dish}“ steht nur in der ausgeblendeten Kategorie „${category}“: Gäste können es hier nicht wählen. Blenden Sie die Kategorie unter „Gerichte“ wieder ein oder wählen Sie das Gericht hier ab.`,
} as const;
