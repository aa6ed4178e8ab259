// German texts of pause, busy and sold out (staff app and storefront), and of the order watch.
// The guest's few are a file of their own: the menu, the cart and the cart's restore carry only those.
import { GUEST_OPS_TEXTS } from './guestTexts';

export { GUEST_OPS_TEXTS };

export const OPS_TEXTS = {
  ...GUEST_OPS_TEXTS,
  // staff app
  section: 'Betrieb',
  pauseHeading: 'Bestellungen pausieren',
  pauseFor: (m: number) => `${m} Min.`,
  pauseTomorrow: 'Bis morgen',
  resume: 'Wieder annehmen',
  pausedUntil: (hhmm: string) => `Pausiert bis ${hhmm} Uhr`,
  pausedUntilTomorrow: 'Pausiert bis morgen',
  takingOrders: 'Nimmt Bestellungen an',
  unattended: 'Keine Bestellungen: kein Gerät verbunden',
  busyHeading: 'Viel los',
  busyAdd: 'Viel los: +15 Min.',
  busyOff: 'Normal',
  busyNow: (m: number) => `Alle Zeiten +${m} Min.`,
  busyNone: 'Normale Zeiten',
  soldOutHeading: 'Ausverkauft',
  soldOutSearch: 'Gericht oder Extra suchen',
  soldOutTonight: 'Ausverkauft bis heute Abend',
  soldOutUntilBack: 'Ausverkauft bis zurückgesetzt',
  soldOutBack: 'Wieder verfügbar',
  soldOutMark: 'Ausverkauft',
  soldOutUntil: (hhmm: string) => (hhmm === '00:00' ? 'bis Mitternacht' : `bis ${hhmm} Uhr`),
  soldOutOpen: 'bis zurückgesetzt',
  noMatch: 'Nichts gefunden.',
  dish: 'Gericht',
  extra: 'Extra',
  settingsHeading: 'Einstellungen (Inhaber)',
  answerMinutes: 'Automatisch ablehnen nach (Minuten, 0 = aus)',
  deviceWatch: 'Bestellungen stoppen, wenn 5 Minuten kein Gerät verbunden ist',
  deviceWatchHint: 'Ausschalten, wenn Bestellungen per Webhook in ein Kassensystem gehen.',
  save: 'Speichern',
  saved: 'Gespeichert.',
  devices: (n: number) => (n === 1 ? '1 Gerät verbunden' : `${n} Geräte verbunden`),
  badPause: 'Bitte 15, 30 oder 60 Minuten oder „bis morgen“ wählen.',
  badBusy: 'Bitte 0 bis 60 Minuten in Schritten von 15 wählen.',
  badAnswerMinutes: 'Bitte 0 (aus) oder 2 bis 60 Minuten eingeben.',
  badItem: 'Dieses Gericht oder Extra gibt es auf der Speisekarte nicht.',
  // order watch
  autoRefuseReason: 'Das Restaurant hat die Bestellung nicht rechtzeitig angenommen.',
  refundRetry: (n: number, max: number, hhmm: string) => `Erstattung fehlgeschlagen – neuer Versuch um ${hhmm} Uhr (Versuch ${n} von ${max}).`,
  refundGaveUp: 'Erstattung fehlgeschlagen – bitte direkt beim Zahlungsanbieter erstatten.',
  refundRetryNow: 'Erstattung erneut versuchen',
} as const;
