// German texts of the inbox and of the guest's view of each step.
import type { OrderStatus } from '@shared/checkout';
import type { DeliveryKind, InboxTab } from './rules';

export const INBOX_TAB_TEXTS: Record<InboxTab, string> = {
  new: 'Neu',
  planned: 'Geplant',
  active: 'In Arbeit',
  done: 'Erledigt',
};

export const REFUSE_PRESETS = ['Zu viel los', 'Artikel nicht verfügbar', 'Lieferadresse zu weit'] as const;

/** The order's type as the staff app, the kitchen ticket and the 'Tagesbericht' name it. */
export const ORDER_TYPE_TEXTS = { delivery: 'Lieferung', pickup: 'Abholung', table: 'Tisch' } as const;

export const INBOX_TEXTS = {
  login: 'Anmelden',
  logout: 'Abmelden',
  email: 'E-Mail',
  password: 'Passwort',
  loginFailed: 'E-Mail oder Passwort stimmt nicht.',
  tooManyLogins: 'Zu viele Anmeldeversuche – bitte in einigen Minuten erneut versuchen.',
  notLoggedIn: 'Bitte zuerst anmelden.',
  /** the session ended while the app was open (the sign-in dialog over the open section) */
  signInAgain: 'Bitte neu anmelden',
  sessionEnded: 'Die Anmeldung ist abgelaufen. Bitte neu anmelden – die Eingaben auf dieser Seite bleiben erhalten.',
  forbidden: 'Dafür fehlt die Berechtigung.',
  accept: 'Annehmen',
  refuse: 'Ablehnen',
  acknowledge: 'Gesehen',
  minutes: (n: number) => `${n} Min.`,
  ownMinutes: 'Andere Minutenzahl',
  ownReason: 'Eigener Grund',
  badMinutes: 'Bitte eine ganze Zahl von 1 bis 240 Minuten eingeben.',
  badReason: 'Bitte einen Grund angeben (höchstens 200 Zeichen).',
  /** 'Drucker': a printer's name (1–80 characters) */
  printerName: 'Bitte dem Drucker einen Namen geben (1–80 Zeichen).',
  alreadyDecided: 'Diese Bestellung wurde schon angenommen oder abgelehnt.',
  /**
   * another device accepted or refused the order while this one's 'Annehmen' or 'Ablehnen' dialog
   * was open: what happened and the tab the card is in now (`tab` its name)
   */
  decidedElsewhere: (order: string, refused: boolean, tab: string) => `${order} wurde schon auf einem anderen Gerät ${refused ? 'abgelehnt' : 'angenommen'} – sie steht jetzt unter „${tab}“.`,
  notAccepted: 'Diese Bestellung ist noch nicht angenommen.',
  badStep: 'Dieser Schritt passt nicht zum Stand der Bestellung.',
  notInInbox: 'Diese Bestellung ist noch nicht bezahlt.',
  paidOnline: 'Bezahlt',
  cashDue: (euro: string) => `Bar/Karte bei Übergabe: ${euro}`,
  ...ORDER_TYPE_TEXTS,
  newOrder: 'Neue Bestellung!',
  /** while a section's data loads */
  loading: 'Lädt …',
  waiting: 'Wartet auf Annahme',
} as const;

/** What staff press to move an order to `status`. */
export const STEP_BUTTON_TEXTS: Partial<Record<OrderStatus, string>> = {
  in_preparation: 'In Zubereitung',
  on_the_way: 'Unterwegs',
  ready_for_pickup: 'Abholbereit',
  delivered: 'Geliefert',
  picked_up: 'Abgeholt',
};

/** 'Voraussichtlich fertig um 19:45' (pickup) / 'Voraussichtlich bei Dir um 19:45' (delivery) */
export function readyTimeText(deliveryType: DeliveryKind, hhmm: string): string {
  return deliveryType === 'delivery' ? `Voraussichtlich bei Dir um ${hhmm}` : `Voraussichtlich fertig um ${hhmm}`;
}

export function refusedText(reason: string): string {
  return `Das Restaurant hat Deine Bestellung leider abgelehnt. Grund: ${reason}`;
}

export const REFUND_TEXTS = {
  refunded: (euro: string) => `Dein Geld (${euro}) wird Dir vollständig zurückerstattet.`,
  pending: 'Die Erstattung ist in Arbeit.',
  failed: 'Die Erstattung ist noch nicht durch – das Restaurant kümmert sich darum.',
} as const;
