// Texts of the shop's pages (reservation, rating, unsubscribe, coupons, jobs) and of the consent
// banner. The spec does not show these pages: all texts here are our own.
export const CONSENT_TEXTS = {
  title: 'Darf der Shop Besuche zählen?',
  text: 'Mit Deiner Zustimmung messen wir, wie unser Shop genutzt wird (Besuche, Klicks auf Gerichte), um ihn zu verbessern. Das ist freiwillig: Bestellen kannst Du auch ohne. Deine Wahl kannst Du jederzeit unten auf der Seite unter „Datenschutz-Einstellungen“ ändern.',
  accept: 'Akzeptieren',
  decline: 'Ablehnen',
  privacy: 'Datenschutz',
  settings: 'Datenschutz-Einstellungen',
  region: 'Einwilligung zur Analyse',
} as const;

export const PAGE_MESSAGES = {
  dateMissing: 'Bitte wähle ein Datum.',
  datePast: 'Das Datum liegt in der Vergangenheit.',
  dateTooFar: 'Reservierungen sind höchstens 180 Tage im Voraus möglich.',
  timeMissing: 'Bitte wähle eine Uhrzeit.',
  timePast: 'Diese Uhrzeit ist schon vorbei.',
  persons: 'Bitte gib eine Personenzahl von 1 bis 20 an.',
  name: 'Bitte gib Deinen Namen an (mindestens 2 Zeichen).',
  phone: 'Bitte gib eine gültige Telefonnummer an.',
  email: 'Bitte gib eine gültige E-Mail-Adresse an.',
  message: 'Die Nachricht ist zu lang (höchstens 1000 Zeichen).',
  messageMissing: 'Bitte schreib uns ein paar Worte zu Dir.',
  stars: 'Bitte bewerte jedes Gericht mit 1 bis 5 Sternen.',
  comment: 'Der Kommentar ist zu lang (höchstens 1000 Zeichen).',
  unsubscribeType: 'Diese Abmeldung kennen wir nicht.',
  couponId: 'Dieser Gutschein-Link ist ungültig.',
  driverCode: 'Dieser Code ist ungültig.',
} as const;

export const PAGE_TEXTS = {
  reservationTitle: 'Tisch reservieren',
  reservationIntro: 'Reserviere Deinen Tisch – wir bestätigen Dir die Reservierung per E-Mail.',
  reservationSubmit: 'Reservierung anfragen',
  reservationSent: 'Danke! Deine Anfrage ist bei uns angekommen. Wir bestätigen Dir die Reservierung per E-Mail.',
  reservationDisabled: 'Dieses Restaurant nimmt keine Reservierungen über den Shop an. Ruf uns gern an:',
  answerTitle: 'Reservierung',
  answerConfirm: 'Reservierung bestätigen',
  answerDecline: 'Reservierung ablehnen',
  answerConfirmed: 'Die Reservierung ist bestätigt. Der Gast bekommt eine E-Mail.',
  answerDeclined: 'Die Reservierung ist abgelehnt. Der Gast bekommt eine E-Mail.',
  answerAlready: 'Diese Reservierung wurde bereits beantwortet.',
  feedbackTitle: 'Bewertung',
  feedbackIntro: 'Wie hat es Dir geschmeckt? Bewerte jedes Gericht mit 1 bis 5 Sternen.',
  feedbackComment: 'Kommentar (freiwillig)',
  feedbackSubmit: 'Bewertung senden',
  feedbackThanks: 'Danke für Deine Bewertung!',
  feedbackDone: 'Für diese Bestellung hast Du schon eine Bewertung abgegeben. Danke!',
  unsubscribeTitle: 'Abmelden',
  unsubscribeSubmit: 'Abmelden',
  unsubscribeDone: 'Du bist abgemeldet. Du bekommst diese E-Mails nicht mehr.',
  activationTitle: 'Gutschein aktivieren',
  activationSubmit: 'Gutschein aktivieren',
  activationDone: 'Dein Gutschein {code} ist aktiviert und liegt in Deinem Warenkorb.',
  reserveTitle: 'Gutschein reservieren',
  reserveIntro: 'Gib Deine Telefonnummer an: Wir reservieren den Gutschein für Deine nächste Bestellung.',
  reserveSubmit: 'Gutschein reservieren',
  driverCodeUsedUp: 'Für diesen Code sind schon alle Gutscheine vergeben.',
  reserveDone: 'Dein Gutschein {code} ist für {phone} reserviert. Bei Deiner nächsten Bestellung findest Du ihn im Warenkorb über Deine Telefonnummer.',
  jobsTitle: 'Jobs',
  jobSubmit: 'Bewerbung senden',
  jobSent: 'Danke für Deine Bewerbung! Wir melden uns bei Dir.',
  aboutTitle: 'Über uns',
  sending: 'Wird gesendet …',
  failed: 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.',
} as const;

export const UNSUBSCRIBE_LABELS: Record<string, string> = {
  newsletter: 'den Newsletter',
  gutscheine: 'Gutschein-E-Mails',
  bewertung: 'Bitten um eine Bewertung',
};

/** The unsubscribe question around the address (shown in bold): 'Möchtest Du für {email} den Newsletter abbestellen?' */
export function unsubscribeQuestion(type: string): { before: string; after: string } {
  return { before: 'Möchtest Du für', after: `${Object.hasOwn(UNSUBSCRIBE_LABELS, type) ? UNSUBSCRIBE_LABELS[type] : 'diese E-Mails'} abbestellen?` };
}
