// Every German text of login and account (the login dialog, the account page, the checkout's
// account check and the errors). The spec shows no wording for most of the dialog: ours, kept short.

/** The console message of a 401 from user/info (verbatim). */
export const TOKEN_INVALID_LOG = 'Token is expired or invalid.';

export const LOGIN_TEXTS = {
  open: 'Anmelden',
  title: 'Anmelden',
  intro: 'Gib Deine E-Mail-Adresse ein. Wir schicken Dir einen Link, mit dem Du Dich ohne Passwort anmeldest.',
  emailLabel: 'E-Mail-Adresse',
  submit: 'Link senden',
  sending: 'Wird gesendet …',
  /** success */
  sent: 'Wir haben Dir eine E-Mail mit Deinem Anmeldelink geschickt. Der Link ist 15 Minuten gültig und kann einmal benutzt werden.',
  /** error 'user-not-found' */
  userNotFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto. Du kannst bei Deiner nächsten Bestellung eines erstellen.',
  /** any other error */
  error: 'Der Anmeldelink konnte nicht gesendet werden. Bitte versuche es später noch einmal.',
  invalidEmail: 'Bitte gib eine gültige Email Adresse ein.',
  rateLimited: 'Zu viele Anfragen für einen Anmeldelink. Bitte warte 15 Minuten und versuche es dann noch einmal.',
  justLoggedIn: 'Du bist jetzt angemeldet.',
  close: 'Schließen',
} as const;

export const ACCOUNT_TEXTS = {
  open: 'Mein Konto',
  title: 'Mein Konto',
  loggedInAs: (email: string) => `Angemeldet als ${email}`,
  logout: 'Abmelden',
  nameTitle: 'Name',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthdayTitle: 'Geburtstag',
  birthday: 'Geburtsdatum',
  addressTitle: 'Gespeicherte Adresse',
  addressHint: 'Mit dieser Adresse füllen wir die Adresse und die Kasse für Dich aus.',
  address: {
    name: 'Name',
    street: 'Straße',
    streetNumber: 'Hausnummer',
    floor: 'Etage',
    zip: 'PLZ',
    city: 'Ort',
    phone: 'Telefon',
    company: 'Firma',
  },
  advertisementTitle: 'Werbung',
  advertisement: 'Ich möchte per E-Mail über Angebote und Neuigkeiten informiert werden.',
  save: 'Speichern',
  saved: 'Gespeichert.',
  saveFailed: 'Das konnte nicht gespeichert werden. Bitte versuche es noch einmal.',
  ordersTitle: 'Meine Bestellungen',
  noOrders: 'Du hast noch keine Bestellungen mit diesem Konto.',
  ordersFailed: 'Deine Bestellungen konnten nicht geladen werden.',
  reorder: 'Nochmal bestellen',
  reordered: 'Die Artikel liegen wieder im Warenkorb.',
  orderOf: (date: string) => `Bestellung vom ${date}`,
  deleteTitle: 'Konto löschen',
  delete: 'Konto löschen',
  deleteConfirmTitle: 'Konto löschen?',
  deleteConfirmText:
    'Dein Konto, Dein Name, Dein Geburtstag, Deine gespeicherte Adresse und Deine Einwilligung werden gelöscht. Bestellungen behält das Restaurant nur ohne E-Mail-Adresse und Telefonnummer, soweit das Gesetz es verlangt.',
  deleteConfirm: 'Endgültig löschen',
  cancel: 'Abbrechen',
  deleted: 'Dein Konto wurde gelöscht.',
  deleteFailed: 'Das Konto konnte nicht gelöscht werden. Bitte versuche es noch einmal.',
  close: 'Schließen',
  /** after an order: the order's address may become the default */
  makeDefault: 'Diese Adresse als Standardadresse speichern',
  madeDefault: 'Die Adresse ist jetzt Deine Standardadresse.',
  /** 'Konto erstellen' at the order: the link is on its way */
  signupSent: 'Wir haben Dir einen Link geschickt, mit dem Du Dich bei Deinem neuen Konto anmeldest.',
} as const;

/** Server answers (German messages beside the codes). */
export const ACCOUNT_SERVER_TEXTS = {
  userNotFound: 'Zu dieser E-Mail-Adresse gibt es kein Konto.',
  unauthorized: 'Bitte melde Dich erneut an.',
  linkInvalid: 'Dieser Anmeldelink ist abgelaufen oder wurde schon benutzt. Bitte fordere einen neuen an.',
  linkInvalidTitle: 'Anmeldelink ungültig',
  backToShop: 'Zum Shop',
  signupNeedsOrder: 'Diese Bestellung gibt es nicht.',
  signupTooLate: 'Ein Konto kann nur direkt nach der Bestellung erstellt werden.',
  mailSubject: (shop: string) => `Dein Anmeldelink für ${shop}`,
  mailSignupSubject: (shop: string) => `Dein neues Konto bei ${shop}`,
  mailText: (shop: string, link: string) =>
    [
      'Hallo,',
      '',
      `mit diesem Link meldest Du Dich bei ${shop} an:`,
      '',
      link,
      '',
      'Der Link ist 15 Minuten gültig und kann nur einmal benutzt werden.',
      'Wenn Du keinen Link angefordert hast, kannst Du diese E-Mail einfach löschen.',
    ].join('\n'),
  mailSignupText: (shop: string, link: string) =>
    [
      'Hallo,',
      '',
      `Dein Konto bei ${shop} ist erstellt. Mit diesem Link meldest Du Dich an:`,
      '',
      link,
      '',
      'Der Link ist 15 Minuten gültig und kann nur einmal benutzt werden. Später forderst Du im Shop unter „Anmelden“ jederzeit einen neuen an.',
    ].join('\n'),
} as const;
